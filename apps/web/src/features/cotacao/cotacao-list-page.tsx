import { Button } from 'primereact/button';
import { cotacaoRecurso, type Cotacao } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { api } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { useAcao } from '../../lib/use-acao';

const rotuloStatus = (ativo: boolean) => cotacaoRecurso.campos!.ativo.opcoes![String(ativo)];

/** Quotations ('Cotacoes'): the declaration's list, its active column a toggle labelled as the field is declared ('Ativa' / 'Nao Ativa') that saves at once (docs/produto/telas.md, dados.md, validacao.md). */
export default function CotacaoListPage() {
  const toast = useToast();
  const status = useAcao<number>({ erro: { titulo: 'Erro ao Atualizar', texto: 'Ocorreu um erro ao atualizar o status da cotacao.' }, reler: 'cotacao' });
  const alternar = (c: Cotacao) =>
    status.executar(c.id, async () => {
      const salvo = await api<Cotacao>('cotacao', { method: 'PUT', body: { id: c.id, pessoaId: c.pessoaId, ativo: !c.ativo } });
      toast.show('success', 'Status Atualizado', `A cotacao ${salvo.id} (${salvo.nome}) foi marcada como ${rotuloStatus(salvo.ativo)}`);
    });

  return (
    <ListaDoRecurso<Cotacao>
      recurso={cotacaoRecurso}
      colunas={{
        ativo: {
          body: (c) => (
            <Button
              type="button"
              size="small"
              label={rotuloStatus(c.ativo)}
              icon={c.ativo ? 'pi pi-check-circle' : 'pi pi-times-circle'}
              severity={c.ativo ? 'success' : 'danger'}
              style={{ minWidth: '8rem' }}
              aria-pressed={c.ativo}
              aria-label={`Cotacao ${c.id}: ${rotuloStatus(c.ativo)} (clique para alternar)`}
              loading={status.ocupado === c.id}
              onClick={() => void alternar(c)}
            />
          ),
        },
      }}
    />
  );
}
