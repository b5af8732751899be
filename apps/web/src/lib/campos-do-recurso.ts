import { formaDeclarada, formaDoCampo, RECURSOS, type CampoDaTela, type FormaDoCampo, type ListaDeOpcoes, type Recurso } from '@ceasa/shared';

/** A field of a declaration's screens (its `campos`), with what it holds and, for a reference, the list it picks from. */
export interface CampoGerado {
  nome: string;
  campo: CampoDaTela;
  forma: FormaDoCampo;
  /** The field's `referencia`, or for `municipioId` the declared `municipio`'s `api.opcoes`: its pick list. */
  referencia?: ListaDeOpcoes;
}

/** A declared resource's pick list (its `api.opcoes`, GET {base}/{caminho}), empty in its words. */
export const listaDoRecurso = (r: Recurso): ListaDeOpcoes => {
  const o = r.api?.opcoes;
  if (!o) throw new Error(`${r.rota}: o recurso não declara api.opcoes`);
  return { caminho: `${r.api!.base}/${o.caminho}`, rotulo: o.rotulo, vazio: r.rotulos?.vazio };
};

/** The fields of a declaration's generated list and form, in their declared order (a column only, or any of a read-only resource, read from the list's record). */
export function camposDoRecurso(r: Recurso): CampoGerado[] {
  return Object.entries(r.campos ?? {}).map(([nome, campo]) => {
    const doRegistro = campo.formulario === false || !r.api?.entrada;
    const forma = formaDoCampo(r.api?.entrada, nome) ?? (doRegistro ? formaDoCampo(r.api?.linha ?? r.api?.registro, nome) : undefined) ?? formaDeclarada(campo);
    if (!forma) throw new Error(`${r.rota}: o campo ${nome} não está na entrada`);
    const alvo = /^(.+)Id$/.exec(nome)?.[1];
    const doRecurso = forma.tipo === 'inteiro' && !campo.referencia ? RECURSOS.find((x) => x.rota === alvo && x.api?.opcoes) : undefined;
    const referencia = campo.referencia ?? (doRecurso && listaDoRecurso(doRecurso));
    return { nome, campo, forma, ...(referencia ? { referencia } : {}) };
  });
}
