import { formatDate, type Recurso } from '@ceasa/shared';
import { camposDoRecurso, type CampoGerado } from '../../lib/campos-do-recurso';
import { useOpcoesDosRecursos } from '../../lib/opcoes-do-recurso';
import type { ListColumn } from './recurso-da-lista';
import { ResourceList } from './resource-list';

type Linha = { id: number } & Record<string, unknown>;

/**
 * The list a declaration's fields make (its `campos`, docs/adding-a-resource.md): a column per field in
 * their order, headed by its label (or `coluna`); a text filtered as typed, a date by day and shown
 * dd/mm/aaaa, an enum and a reference shown by their label. A row is named by its first column.
 */
export function ListaDoRecurso({ recurso }: { recurso: Recurso }) {
  const campos = camposDoRecurso(recurso).filter((c) => c.campo.coluna !== false);
  const referencias = campos.filter((c) => c.referencia);
  const opcoes = useOpcoesDosRecursos(referencias.map((c) => c.referencia!));
  const texto = (c: CampoGerado, row: Linha): string => {
    const v = row[c.nome];
    if (c.referencia) return opcoes[referencias.indexOf(c)].opcoes.find((o) => o.value === v)?.label ?? '';
    if (c.forma.tipo === 'data') return formatDate(v as string | null);
    if (c.forma.tipo === 'opcao') return c.campo.opcoes?.[v as string] ?? '';
    return v === null || v === undefined ? '' : String(v);
  };
  const columns = campos.map((c): ListColumn<Linha> => {
    const { tipo } = c.forma;
    const filtrado = !c.referencia && (c.campo.filtro ?? (tipo === 'texto' || tipo === 'data'));
    const filtro: ListColumn<Linha>['filter'] = !filtrado
      ? undefined
      : tipo === 'data'
        ? 'date'
        : tipo === 'opcao'
          ? { options: c.forma.valores!.map((v) => ({ value: v, label: c.campo.opcoes![v] })) }
          : 'text';
    return {
      field: c.nome,
      header: typeof c.campo.coluna === 'string' ? c.campo.coluna : c.campo.rotulo,
      ...(filtro ? { filter: filtro } : {}),
      // A text or a number shows as it is; the others as words.
      ...(c.referencia || tipo === 'data' || tipo === 'opcao' ? { body: (row: Linha) => texto(c, row) } : {}),
    };
  });
  return <ResourceList<Linha> recurso={recurso} rotulo={(row) => texto(campos[0], row)} columns={columns} />;
}
