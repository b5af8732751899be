import { useQuery } from '@tanstack/react-query';
import { opcoesDeProduto, type ProdutoGrupoOpcao, type ProdutoOpcao } from '@ceasa/shared';
import { api } from './api-client';

/**
 * Options of a product dropdown (GET produto/listAllProdutoBasic), always cleaned by the shared rule
 * (no 'abacate - nao usar', no case-insensitive duplicates). Label: 'nome - embalagem'.
 * Use this hook for every product dropdown of the app.
 */
export function useProdutoOpcoes() {
  const q = useQuery({
    queryKey: ['opcoes', 'produto'],
    queryFn: () => api<ProdutoOpcao[]>('produto/listAllProdutoBasic'),
    staleTime: 0, // refetched on every form/list mount: a product or group created a moment ago shows at once
  });
  return { ...q, opcoes: opcoesDeProduto(q.data ?? []).map((p) => ({ label: p.embalagem ? `${p.nome} - ${p.embalagem}` : p.nome, value: p.id })) };
}

/**
 * Product options plus the products a saved record already names that the cleaning rule left out
 * (a duplicate name in another packaging), so an edit form shows what was saved.
 */
export function comProdutosSalvos(
  opcoes: { label: string; value: number }[],
  salvos: { produtoId: number; produtoNome: string; produtoEmbalagem?: string | null }[],
) {
  const extras = salvos
    .filter((s, i) => !opcoes.some((o) => o.value === s.produtoId) && salvos.findIndex((x) => x.produtoId === s.produtoId) === i)
    .map((s) => ({ label: s.produtoEmbalagem ? `${s.produtoNome} - ${s.produtoEmbalagem}` : s.produtoNome, value: s.produtoId }));
  return extras.length ? [...opcoes, ...extras] : opcoes;
}

/** Options of a product-group dropdown (GET produtoGrupo/produtosAll). */
export function useProdutoGrupoOpcoes() {
  const q = useQuery({
    queryKey: ['opcoes', 'produtoGrupo'],
    queryFn: () => api<ProdutoGrupoOpcao[]>('produtoGrupo/produtosAll'),
    staleTime: 0, // refetched on every form/list mount: a product or group created a moment ago shows at once
  });
  return { ...q, opcoes: (q.data ?? []).map((g) => ({ label: g.nome, value: g.id })) };
}
