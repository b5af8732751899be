import { Button } from 'primereact/button';
import { reiniciaACadaLinha } from './editores';
import type { ItemColumn } from './tabela-itens';
import type { Linhas, NovasLinhas } from './use-linhas';

/**
 * The new-row editor: a labelled input for each of `campos`, with its message (or its hint), then the add button and
 * the form's other buttons (each adding the rows its `linhas` gives, e.g. 'Adicionar todos'). Enter walks the fields
 * and adds the row from the last one (useLinhas).
 */
export function NovoItem<I extends Record<string, unknown>, R extends Record<string, unknown>>(p: {
  linhas: Linhas<I, R>;
  campos: ItemColumn<R>[];
  idDe: (c: ItemColumn<R>) => string;
  rotuloBotao?: string;
  outros?: { rotulo: string; icone?: string; linhas: (rascunho: R) => NovasLinhas<I, R> }[];
}) {
  const n = p.linhas.novo;
  const rascunho = n.rascunho ?? ({} as R);
  return (
    <div className="items-novo" onKeyDown={n.teclaNovo}>
      {p.campos.map((c) => {
        const id = p.idDe(c);
        const erro = n.erroDe(c.field);
        const dica = erro ? undefined : c.dica?.(rascunho);
        const reinicia = reiniciaACadaLinha(c.editor);
        return (
          // The built-in editors start afresh for each row (their inputs keep what was typed); a form's own editor is
          // controlled by the draft, keeps its element and drops its message as it changes.
          <div className="field" key={reinicia ? `${c.field}-${n.adicionadas}` : c.field}>
            <label htmlFor={id}>{c.header}</label>
            {c.editor?.({
              id,
              valor: rascunho[c.field],
              mudar: (v) => n.mudar(c.field, v, !reinicia),
              aoLer: (m) => n.ler(c.field, m),
              rotulo: c.header,
              erro,
              descritoPor: erro ? `${id}-erro` : dica ? `${id}-dica` : undefined,
              seguir: () => n.seguirDe(id),
              esperar: (estado) => n.esperar(id, estado),
            })}
            {erro ? (
              <small id={`${id}-erro`} className="p-error" role="alert">
                {erro}
              </small>
            ) : (
              dica && (
                <small id={`${id}-dica`} className="muted">
                  {dica}
                </small>
              )
            )}
          </div>
        );
      })}
      <Button type="button" label={p.rotuloBotao ?? 'Adicionar item'} icon="pi pi-plus" onClick={() => n.adicionar()} />
      {p.outros?.map((o) => (
        <Button key={o.rotulo} type="button" label={o.rotulo} icon={o.icone ?? 'pi pi-plus-circle'} outlined onClick={() => n.adicionar(o.linhas)} />
      ))}
    </div>
  );
}
