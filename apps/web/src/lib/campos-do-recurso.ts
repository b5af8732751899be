import { formaDoCampo, numeroEmTexto, RECURSOS, type CampoDaTela, type FormaDoCampo, type Recurso } from '@ceasa/shared';

/** A field of a declaration's screens (its `campos`), with what it holds and, for a reference, the resource it picks from. */
export interface CampoGerado {
  nome: string;
  campo: CampoDaTela;
  forma: FormaDoCampo;
  /** `municipioId` → the declared `municipio`, whose `api.opcoes` are its pick list. */
  referencia?: Recurso;
}

/** The fields of a declaration's generated list and form, in their declared order (a column only, or any of a read-only resource, read from the list's record). */
export function camposDoRecurso(r: Recurso): CampoGerado[] {
  return Object.entries(r.campos ?? {}).map(([nome, campo]) => {
    const doRegistro = campo.formulario === false || !r.api?.entrada;
    const forma = formaDoCampo(r.api?.entrada, nome) ?? (doRegistro ? formaDoCampo(r.api?.linha ?? r.api?.registro, nome) : undefined) ?? numeroEmTexto(campo);
    if (!forma) throw new Error(`${r.rota}: o campo ${nome} não está na entrada`);
    const alvo = /^(.+)Id$/.exec(nome)?.[1];
    const referencia = forma.tipo === 'inteiro' ? RECURSOS.find((x) => x.rota === alvo && x.api?.opcoes) : undefined;
    return { nome, campo, forma, ...(referencia ? { referencia } : {}) };
  });
}
