import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, filtroNumerico, idOpcional, referencia, texto } from '../z';
import { idOuNome, idOuTexto } from './pessoa';
import { declararRecurso } from '../recurso';
import { lerNumeroBR, toIsoDate } from '../format';
import { LISTA_DE_PESSOAS } from './lista-de-pessoas';

/**
 * A pt-BR or plain decimal: '1.234,56', '1234,56', '1234.56', 'R$ 12,50', 12.5 → number;
 * null when it is not a number. With a comma the dots group thousands; without one a dot is the
 * decimal point. For machine files (the debts' CSV); what a person types is read by lerNumeroBR.
 */
export function decimalBR(v: string | number | null | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v === null || v === undefined) return null;
  let s = v.replace(/^\s*R\$\s*/i, '').replace(/\s/g, '');
  if (s.includes(',')) {
    if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(s) && !/^-?\d+(,\d+)?$/.test(s)) return null;
    s = s.replace(/\./g, '').replace(',', '.');
  } else if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The largest parking fee: the largest amount with cents that fits the spec's 10 characters ('9999999.99'); the form's input stops there. */
export const VALOR_ESTACIONAMENTO_MAXIMO = 9_999_999.99;
export const VALOR_ESTACIONAMENTO_ACIMA = 'O valor deve ser no máximo R$ 9.999.999,99';

/** Parking fee: a number or text of at most 10 characters (docs/produto/validacao.md), not negative, at most VALOR_ESTACIONAMENTO_MAXIMO. */
const valor = z
  .union([z.number({ error: 'O valor é obrigatório' }), z.string({ error: 'O valor é obrigatório' })], { error: 'O valor é obrigatório' })
  .transform((v, ctx) => {
    const s = String(v).trim();
    const falha = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    };
    if (!s) return falha('O valor é obrigatório');
    if (s.length > 10) return falha('O valor deve ter no máximo 10 caracteres');
    const lido = lerNumeroBR(typeof v === 'number' ? v : s, 2);
    const n = lido.valor ?? null;
    if (n === null) return falha(lido.erro ?? 'O valor deve ser um número');
    if (n < 0) return falha('O valor não pode ser negativo');
    if (n > VALOR_ESTACIONAMENTO_MAXIMO) return falha(VALOR_ESTACIONAMENTO_ACIMA);
    return n;
  });

/** A debt number (the municipality's tax system): a whole number, sent as a number or digits. */
export const numeroDivida = (obrigatorio = 'A dívida é obrigatória') =>
  z.union([z.number({ error: obrigatorio }), z.string({ error: obrigatorio })], { error: obrigatorio }).transform((v, ctx) => {
    const s = String(v).trim();
    if (!s) {
      ctx.addIssue({ code: 'custom', message: obrigatorio, input: v });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^\d+$/.test(s) || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'A dívida deve ser um número inteiro', input: v });
      return z.NEVER;
    }
    return n;
  });

export const estacionamentoInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  data: data('A data e obrigatoria', 'Uma data deve ser inserida'),
  placa: texto('A placa é obrigatória', 200, 'A placa deve ter no máximo 200 caracteres'),
  valor,
  divida: numeroDivida(),
  pessoaId: referencia('A pessoa é obrigatória'),
  veiculoTipoId: referencia('O tipo de veículo é obrigatório'),
});
export type EstacionamentoInput = z.input<typeof estacionamentoInput>;
export type EstacionamentoDados = z.output<typeof estacionamentoInput>;

export const veiculoTipoRegistro = z.object({ id: z.number().int(), nome: z.string() });
export type VeiculoTipo = z.infer<typeof veiculoTipoRegistro>;

export const estacionamentoRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  data: z.string(),
  placa: z.string(),
  valor: z.number(),
  divida: z.number(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  pessoa: z.object({ nome: z.string() }),
  veiculoTipoId: z.number().int(),
  veiculoTipo: veiculoTipoRegistro,
});
export type Estacionamento = z.infer<typeof estacionamentoRegistro>;

/** Body of POST estacionamento/searchEstacionamento/{dir}/{field}: veiculoTipo is an id (or the option) or name text. */
export const estacionamentoFiltro = z
  .object({
    id: filtroNumerico,
    pessoaNome: z.string().nullish(),
    placa: z.string().nullish(),
    divida: filtroNumerico,
    veiculoTipo: idOuTexto,
    data: z.string().nullish(),
  })
  .transform(({ veiculoTipo, ...f }) => ({ ...f, ...idOuNome(veiculoTipo, 'veiculoTipoId', 'veiculoTipoNome') }));

export const estacionamentoRecurso = declararRecurso({
  rota: 'estacionamento',
  nome: { singular: 'Estacionamento', plural: 'Estacionamentos', genero: 'm' },
  icone: 'pi pi-car',
  api: { buscaPorTermo: 'placa', registro: estacionamentoRegistro, entrada: estacionamentoInput, filtro: estacionamentoFiltro },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: { titulo: 'Estacionamento' },
  campos: {
    id: { rotulo: 'Código', formulario: false, filtro: true, largura: '7rem' },
    data: { rotulo: 'Data', padrao: () => toIsoDate(new Date()) ?? '', anos: () => `2000:${new Date().getFullYear()}` },
    pessoaNome: { rotulo: 'Nome', formulario: false },
    placa: { rotulo: 'Placa' },
    valor: { rotulo: 'Valor', formato: 'moeda', coluna: false, relatorio: true },
    divida: { rotulo: 'Dívida', divida: true, filtro: true },
    pessoaId: { rotulo: 'Pessoa', coluna: false, referencia: LISTA_DE_PESSOAS },
    veiculoTipoId: {
      rotulo: 'Tipo de Veículo',
      referencia: { caminho: 'veiculo_tipo', rotulo: ['nome'], vazio: 'Nenhum tipo de veículo encontrado' },
      exibir: 'veiculoTipo.nome',
      campoDaLista: 'veiculoTipo',
      filtro: true,
      filtroVazio: 'Todos',
    },
  },
  lista: { linha: 'Estacionamento {id} ({placa})', relatorio: { total: 'valor' } },
});
