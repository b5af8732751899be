import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  caminhoDeEdicao,
  formatBRL,
  formatDate,
  formatDateTime,
  formatDecimal,
  preencherCampos,
  somarDinheiro,
  type ListaDeOpcoes,
  type Recurso,
} from '@ceasa/shared';
import { camposDoRecurso, type CampoGerado } from '../../lib/campos-do-recurso';
import { useOpcoes, useOpcoesDasListas, useOpcoesDeVariosTextos } from '../../lib/opcoes-do-recurso';
import { IdsReport } from '../print/ids-report';
import { celulaCsv } from './csv';
import type { ListColumn, ResourceListProps } from './recurso-da-lista';
import { ResourceList } from './resource-list';

type Linha = { id: number } & Record<string, unknown>;

/**
 * A reference's label in a cell, read from its options by the cell itself: the table keeps the cells it drew
 * (PrimeReact memoizes them by row), so a label computed by the list would stay empty when the rows come first.
 */
function RotuloDaReferencia({ lista, valor }: { lista: ListaDeOpcoes; valor: unknown }) {
  // Its load error is the list's to say, once.
  return <>{useOpcoes({ ...lista, erro: undefined }).opcoes.find((o) => o.value === valor)?.label ?? ''}</>;
}

/** A cell of the printed report: the text on screen, or the export's when the screen draws it (a tag, a button). */
function celulaImpressa<T>(c: ListColumn<T>, row: T) {
  const b = c.body?.(row);
  return typeof b === 'string' || typeof b === 'number' ? b : celulaCsv(c, row);
}

export interface ListaDoRecursoProps<T extends Linha> extends Omit<Partial<ResourceListProps<T>>, 'recurso' | 'columns' | 'relatorio'> {
  recurso: Recurso;
  /** What a resource adds to the column of one of its fields (a cell drawn its own way, a filter's options), by field. */
  colunas?: Partial<Record<string, Partial<ListColumn<T>>>>;
  /** What a resource adds to its declared report (`lista.relatorio`): a `rodape` below the table; its `colunas` replace the declared ones. */
  relatorio?: Partial<NonNullable<ResourceListProps<T>['relatorio']>>;
}

/**
 * The list a declaration's fields make (its `campos` and `lista`, docs/adding-a-resource.md): a column per field in
 * their order, headed by its label (or `coluna`); a text filtered as typed, a date by day and shown dd/mm/aaaa, an
 * enum, a yes/no column and a reference shown by their label (and filtered by a pick list when declared so, as a text the server
 * lists, `opcoesDe`), a number or a date and time by its `formato`. A row is named by
 * `lista.linha` or its first field of the form. A read-only resource with an edit path shows each row's detail there
 * ('Ver'). A feature adds to it through the ResourceList's props (its own buttons, its report) and `colunas`.
 */
export function ListaDoRecurso<T extends Linha = Linha>({ recurso, colunas, relatorio: doRelatorio, ...extras }: ListaDoRecursoProps<T>) {
  const navigate = useNavigate();
  const todos = camposDoRecurso(recurso);
  const ordem = recurso.lista?.colunas;
  const campos = ordem ? ordem.map((n) => todos.find((c) => c.nome === n)!) : todos.filter((c) => c.campo.coluna !== false);
  const referencias = campos.filter((c) => c.referencia);
  const opcoes = useOpcoesDasListas(referencias.map((c) => c.referencia!));
  const deTextos = campos.filter((c) => c.campo.opcoesDe);
  const textos = useOpcoesDeVariosTextos(deTextos.map((c) => c.campo.opcoesDe!));
  // A pick-list filter's choices: an enum's labels, a reference's records, the server's texts.
  const escolhas = (c: CampoGerado) =>
    c.referencia
      ? opcoes[referencias.indexOf(c)].opcoes
      : c.campo.opcoesDe
        ? textos[deTextos.indexOf(c)]
        : c.forma.tipo === 'opcao' || c.forma.tipo === 'booleano'
          ? (c.forma.valores ?? ['true', 'false']).map((v) => ({ value: v, label: c.campo.opcoes![v] }))
          : undefined;
  const texto = (c: CampoGerado, row: T): string => {
    const v = row[c.nome];
    if (c.campo.exibir) return String(c.campo.exibir.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], row) ?? '');
    if (c.referencia) return opcoes[referencias.indexOf(c)].opcoes.find((o) => o.value === v)?.label ?? '';
    if (c.campo.formato === 'dataHora') return formatDateTime(v as string | null);
    if (c.campo.formato === 'decimal') return formatDecimal(v as number | null);
    if (c.campo.formato === 'moeda') return formatBRL(v as number | null);
    if (c.forma.tipo === 'data') return formatDate(v as string | null);
    if (c.forma.tipo === 'opcao' || c.forma.tipo === 'booleano') return c.campo.opcoes?.[String(v)] ?? '';
    return v === null || v === undefined ? '' : String(v);
  };
  const columns = campos.map((c): ListColumn<T> => {
    const { tipo } = c.forma;
    const porDia = tipo === 'data' || c.campo.formato === 'dataHora';
    const filtrado = c.campo.filtro ?? (!c.referencia && (tipo === 'texto' || porDia));
    const lista = escolhas(c);
    const filtro: ListColumn<T>['filter'] = !filtrado
      ? undefined
      : porDia
        ? 'date'
        : lista
          ? { options: lista, ...(c.campo.filtroVazio ? { placeholder: c.campo.filtroVazio } : {}) }
          : 'text';
    return {
      field: c.campo.campoDaLista ?? c.nome,
      header: typeof c.campo.coluna === 'string' ? c.campo.coluna : c.campo.rotulo,
      ...(filtro ? { filter: filtro } : {}),
      // A text or a plain number shows as it is; the others as words, exported so (a reference's in a cell that waits for its options).
      ...(c.referencia && !c.campo.exibir
        ? { body: (row: T) => <RotuloDaReferencia lista={c.referencia!} valor={row[c.nome]} />, csv: (row: T) => texto(c, row) }
        : c.campo.exibir || c.campo.formato || tipo === 'data' || tipo === 'opcao' || tipo === 'booleano'
          ? { body: (row: T) => texto(c, row), csv: (row: T) => texto(c, row) }
          : {}),
      ...(c.campo.largura || c.campo.direita
        ? { style: { ...(c.campo.largura ? { width: c.campo.largura } : {}), ...(c.campo.direita ? { textAlign: 'right' as const } : {}) } }
        : {}),
      ...colunas?.[c.nome],
    };
  });
  const nomeDe = (campo: string, row: T) => {
    const c = campos.find((x) => x.nome === campo);
    return c ? texto(c, row) : String(row[campo] ?? '');
  };
  const { linha, imprimirCodigos, relatorio } = recurso.lista ?? {};
  const primeiro = campos.find((c) => c.campo.formulario !== false) ?? campos[0];
  const rotulo = (row: T) => (linha ? preencherCampos(linha, (campo) => nomeDe(campo, row)) : texto(primeiro, row));
  const detalhe = !recurso.api?.entrada && !!recurso.caminhos.editar;
  // The report: a column per column of the list (its own header where declared), then the fields printed though not listed.
  const impressa = (c: CampoGerado, header: string, cell: (row: T) => ReactNode) => ({
    header: typeof c.campo.relatorio === 'string' ? c.campo.relatorio : header,
    cell,
    ...(c.campo.formato === 'decimal' || c.campo.formato === 'moeda' ? { className: 'num' } : {}),
  });
  const impressas = [
    ...columns.flatMap((col, i) => (campos[i].campo.relatorio === false ? [] : [impressa(campos[i], col.header, (row) => celulaImpressa(col, row))])),
    ...todos.filter((c) => c.campo.relatorio === true && !campos.includes(c)).map((c) => impressa(c, c.campo.rotulo, (row) => texto(c, row))),
  ];
  const somado = todos.find((c) => c.nome === relatorio?.total);
  const rodape =
    somado &&
    ((rows: T[]) =>
      rows.length > 0 && <p className="relatorio-total">Total: {formatBRL(somarDinheiro(rows.map((r) => (r[somado.nome] ?? 0) as number | string)))}</p>);
  return (
    <ResourceList<T>
      recurso={recurso}
      rotulo={rotulo}
      columns={columns}
      {...(detalhe
        ? {
            rowActions: (row: T) => (
              <Button
                icon="pi pi-eye"
                rounded
                text
                aria-label={`Ver ${recurso.nome?.singular.toLocaleLowerCase('pt-BR')} ${row.id}`}
                onClick={() => navigate(caminhoDeEdicao(recurso, row.id))}
              />
            ),
          }
        : {})}
      {...(imprimirCodigos ? { headerActions: () => <IdsReport base={recurso.api!.base} titulo={recurso.rotulos!.titulo} /> } : {})}
      {...(relatorio ? { relatorio: { ...relatorio, colunas: impressas, rodape, ...doRelatorio } } : {})}
      {...extras}
    />
  );
}
