import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { produtoFiltro, produtoRecurso } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { normalizarFiltroDeProduto, produtoList, produtoRepository } from './produto.repository';

export default function produtoRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = produtoRepository(db);
  const tag = produtoRecurso.menu.rotulo;
  app.get('/statusProduto', { schema: { tags: [tag], summary: 'Status de produto (lista de textos)' }, config: { acesso: 'perfil' } }, () =>
    repo.opcoesDeStatus(),
  );
  // Two paths of the same dropdown list.
  for (const caminho of ['/produto/listAllProdutoBasic', '/produto/produtosAll'])
    app.get(caminho, { schema: { tags: [tag], summary: 'Produtos para listas de seleção (id, nome, embalagem)' }, config: { acesso: 'perfil' } }, () =>
      repo.opcoes(),
    );
  recursoRoutes(app, db, produtoRecurso, { lista: produtoList, repo, filtro: produtoFiltro.transform(normalizarFiltroDeProduto) });
}
