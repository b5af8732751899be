import type { ZodType } from 'zod';
import { CATEGORIAS_PESSOAIS, camposPessoais, type CategoriaPessoal } from './privacidade';
import { pessoaInput } from './resources/pessoa';
import { propriedadeInput } from './resources/propriedade';
import { assinaturaEntrada } from './resources/assinaturas';
import { registerInput } from './resources/auth';

/**
 * The records that hold personal data, each with the schema that declares its personal fields (`pessoal`), and the
 * table that stores it: what the privacy notice lists, the export reads and the anonymisation clears.
 */
export const REGISTROS_PESSOAIS: { registro: string; rotulo: string; tabela: string; schema: ZodType }[] = [
  { registro: 'pessoa', rotulo: 'Pessoa (produtor, técnico, lojista, comprador)', tabela: 'pessoa', schema: pessoaInput },
  { registro: 'propriedade', rotulo: 'Propriedade rural', tabela: 'propriedade', schema: propriedadeInput },
  { registro: 'assinatura', rotulo: 'Assinatura da cotação por e-mail', tabela: 'assinaturas', schema: assinaturaEntrada },
  { registro: 'usuario', rotulo: 'Conta de servidor', tabela: 'usuarios', schema: registerInput },
];

/** Each category of personal data with the fields (record.field) that hold it. */
export function categoriasComCampos(): { categoria: CategoriaPessoal; campos: string[] }[] {
  const porCategoria = new Map<CategoriaPessoal, string[]>();
  for (const r of REGISTROS_PESSOAIS)
    for (const c of camposPessoais(r.schema)) porCategoria.set(c.categoria, [...(porCategoria.get(c.categoria) ?? []), `${r.registro}.${c.campo}`]);
  return (Object.keys(CATEGORIAS_PESSOAIS) as CategoriaPessoal[]).map((categoria) => ({ categoria, campos: porCategoria.get(categoria) ?? [] }));
}
