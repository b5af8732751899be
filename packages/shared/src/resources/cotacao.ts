import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { filtroNumerico, idOpcional, referencia } from '../z';
import { declararRecurso } from '../recurso';
import { LISTA_DE_PESSOAS } from './lista-de-pessoas';

export const cotacaoInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  pessoaId: referencia('A pessoa e obrigatoria', 'A pessoa e obrigatoria', 'A pessoa e obrigatoria'),
  /** Missing on a create: active (the table's default). */
  ativo: z.boolean({ error: 'O status deve ser Ativa ou Nao Ativa' }).default(true),
});
export type CotacaoInput = z.input<typeof cotacaoInput>;
export type CotacaoDados = z.output<typeof cotacaoInput>;

/**
 * A quotation as the API answers it (docs/produto/dados.md without `itens`: the quotation's items have
 * no table and no screen here, docs/decisions 'cotacao-sem-itens'). nome and tipo repeat the person's
 * name and type description for the list's columns and filters.
 */
export const cotacaoRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  pessoaId: z.number().int(),
  ativo: z.boolean(),
  nome: z.string(),
  tipo: z.string(),
  pessoa: z.object({ nome: z.string(), pessoaTipo: z.object({ descricao: z.string() }) }),
});
export type Cotacao = z.infer<typeof cotacaoRegistro>;

/** Body of POST cotacao/searchCotacao/{dir}/{field} (docs/produto/api.md): id, nome, tipo, ativo. */
export const cotacaoFiltro = z.object({
  id: filtroNumerico,
  nome: z.string().nullish(),
  tipo: z.string().nullish(),
  /** A boolean or 'true'/'false' (the dropdown's values), read by the list's 'bool' filter; empty does not filter. */
  ativo: z.union([z.boolean(), z.string()]).nullish(),
});
export type CotacaoFiltro = z.input<typeof cotacaoFiltro>;

/** Quotations (route name 'cotacao'): the shop owners and producers whose prices the market surveys, active or not. */
export const cotacaoRecurso = declararRecurso({
  rota: 'cotacao',
  nome: { singular: 'Cotação', plural: 'Cotações', genero: 'f' },
  icone: 'pi pi-tags',
  caminhos: { novo: '/cotacao/create' },
  api: { registro: cotacaoRegistro, entrada: cotacaoInput, filtro: cotacaoFiltro },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: { titulo: 'Cotacoes', vazio: 'Nenhuma cotacao encontrada', erroObter: 'Erro ao obter cotacoes' },
  campos: {
    id: { rotulo: 'Código', formulario: false, filtro: true, largura: '7rem' },
    nome: { rotulo: 'Nome', formulario: false },
    tipo: { rotulo: 'Tipo', formulario: false },
    // The shop owners and producers a quotation may name, 'nome - tipo'.
    pessoaId: { rotulo: 'Pessoa', coluna: false, referencia: { ...LISTA_DE_PESSOAS, caminho: 'pessoa/cotacoes', rotulo: ['nome', 'tipoDescricao'] } },
    ativo: {
      rotulo: 'Ativa',
      coluna: 'Ativo',
      caixa: true,
      padrao: true,
      filtro: true,
      filtroVazio: 'Todas',
      opcoes: { true: 'Ativa', false: 'Nao Ativa' },
    },
  },
  lista: { linha: 'a cotacao {id} ({nome})' },
  formulario: {
    titulo: { novo: 'Nova Cotacao', editar: 'Editar Cotacao {id}' },
    mensagens: { criado: 'Cotacao criada!', atualizado: 'Cotacao atualizada!', erro: 'Erro ao salvar a cotacao.' },
  },
});
