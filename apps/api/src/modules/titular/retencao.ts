import type { Privacidade } from '../../config';
import type { Db } from '../../db/client';
import { titularRepository } from './titular.repository';
import { darVez } from '../../lib/todo-dia';

/**
 * The daily retention (decision 0230): the people whose term ran out are anonymised, the reads older than
 * RETENCAO_ACESSOS_MESES and the requests answered more than RETENCAO_SOLICITACOES_ANOS ago are deleted.
 */
export async function executarRetencao(db: Db, priv: Privacidade) {
  const repo = titularRepository(db);
  await repo.purgar(priv.acessosMeses, priv.solicitacoesAnos);
  const vencidos = await repo.vencidos(priv.cadastroAnos);
  for (const pessoaId of vencidos) {
    await repo.anonimizar(pessoaId, `Prazo de retenção vencido (RETENCAO_CADASTRO_ANOS = ${priv.cadastroAnos})`, 'rotina diária', priv.cadastroAnos);
    // One person at a time: the requests that came meanwhile are answered between two (each rewrites the audit log's texts).
    await darVez();
  }
  return vencidos.length;
}
