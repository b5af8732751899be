import { eq, sql } from 'drizzle-orm';
import type { AdubacaoCorrecao, AplicacaoProdutoQuimico, Caderno, CadernoDados } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { adubacaoCorrecao, aplicacaoProdutosQuimicos, boletimItens, caderno, produto } from '../../db/schema';
import { checarReferencias, type Colecao, repositorioPadrao } from '../../lib/crud';
import { conflict, declararRestricao, naoEncontrado, pgErro } from '../../lib/errors';

const NAO_ENCONTRADO = 'Caderno de campo não encontrado';
const ITEM_NAO_ENCONTRADO = 'Item do boletim não encontrado';
const JA_TEM = 'Este item do boletim já tem um caderno de campo.';

// A bulletin item with a notebook is not removed under it (no cascade since migration 0015, decision 0078).
declararRestricao('caderno_boletim_item_id_boletim_itens_id_fk', 'O item do boletim tem caderno de campo: remova o caderno antes de remover o item.');

/** The notebook's two row lists: saved with it by the shared master-detail save (diffed by id, one audit row each). */
const colecoes = [
  { campo: 'adubacaoCorrecao', table: adubacaoCorrecao, cadastro: 'AdubacaoCorrecao', pai: adubacaoCorrecao.cadernoId, item: 'Adubação' },
  {
    campo: 'aplicacaoProdutosQuimicos',
    table: aplicacaoProdutosQuimicos,
    cadastro: 'AplicacaoProdutosQuimicos',
    pai: aplicacaoProdutosQuimicos.cadernoId,
    item: 'Aplicação',
  },
] satisfies Colecao[];

const cabecalho = (where: ReturnType<typeof sql>) => sql`
  SELECT c.id, c.versao, c.boletim_item_id AS "boletimItemId", bi.boletim_id AS "boletimId", bi.produto_id AS "produtoId", p.nome AS "produtoNome",
         c.produto_antigo_id AS "produtoAntigoId", pa.nome AS "produtoAntigoNome", c.data_plantio AS "dataPlantio", c.data_colheita AS "dataColheita",
         c.area_cultivo AS "areaCultivo", c.area_cultivo AS "identificacaoArea",
         pr.nome AS "produtorNome", pp.nome AS "propriedadeNome", m.nome AS "propriedadeMunicipioNome", tc.nome AS "tecnicoNome",
         c.preparo_solo AS "preparoSolo", c.praticas_conservacionistas AS "praticasConservacionistas", c.sementes_e_mudas AS "sementesEMudas", c.irrigacao
  FROM caderno c
  JOIN boletim_itens bi ON bi.id = c.boletim_item_id
  JOIN produto p ON p.id = bi.produto_id
  JOIN produto pa ON pa.id = c.produto_antigo_id
  JOIN boletim b ON b.id = bi.boletim_id
  JOIN pessoa pr ON pr.id = b.produtor_id
  JOIN propriedade pp ON pp.id = b.propriedade_id
  JOIN municipio m ON m.id = pp.municipio_id
  JOIN pessoa tc ON tc.id = b.tecnico_id
  WHERE ${where}`;

/** jsonb comes back parsed from pg, as text from some drivers: always an object. */
const objeto = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

async function ler(t: Tx, where: ReturnType<typeof sql>): Promise<Caderno | undefined> {
  const c = (await t.execute(cabecalho(where))).rows[0] as Record<string, unknown> | undefined;
  if (!c) return undefined;
  const adub = await t.execute(sql`
    SELECT id, id AS "adubacaoCorrecaoId", nao_necessarias AS "naoNecessarias", data_aplicacao AS "dataAplicacao", nome_formula AS "nomeFormula", dose,
           forma_dose AS "formaDose", forma_aplicacao AS "formaAplicacao", responsavel_aplicacao AS "responsavelAplicacao", observacao
    FROM adubacao_correcao WHERE caderno_id = ${c.id as number} ORDER BY id`);
  const apl = await t.execute(sql`
    SELECT id, nao_necessarias AS "naoNecessarias", data, periodo_carencia AS "periodoCarencia", praga_doenca_alvo AS "pragaDoencaAlvo",
           nome_produto AS "nomeProduto", dose::float8 AS dose, forma_dose AS "formaDose", volume_calda::float8 AS "volumeCalda", operador
    FROM aplicacao_produtos_quimicos WHERE caderno_id = ${c.id as number} ORDER BY id`);
  return {
    ...(c as unknown as Caderno),
    preparoSolo: objeto(c.preparoSolo),
    praticasConservacionistas: objeto(c.praticasConservacionistas),
    sementesEMudas: objeto(c.sementesEMudas),
    irrigacao: objeto(c.irrigacao),
    adubacaoCorrecao: adub.rows as AdubacaoCorrecao[],
    aplicacaoProdutosQuimicos: apl.rows as AplicacaoProdutoQuimico[],
  };
}

/** The item must exist (it gives the current crop); the previous crop must be a product. */
async function valores(t: Tx, i: CadernoDados, antes?: { boletimItemId: number }) {
  const [item] = await t.select({ id: boletimItens.id }).from(boletimItens).where(eq(boletimItens.id, i.boletimItemId));
  if (!item) throw naoEncontrado(ITEM_NAO_ENCONTRADO);
  await checarReferencias(t, [{ coluna: produto.id, valor: i.produtoAntigoId, campo: 'produtoAntigoId', mensagem: 'O produto é obrigatório' }]);
  return {
    // A notebook stays with its item: an edit cannot move it to another one.
    boletimItemId: antes ? antes.boletimItemId : i.boletimItemId,
    produtoAntigoId: i.produtoAntigoId,
    dataPlantio: i.dataPlantio,
    dataColheita: i.dataColheita,
    areaCultivo: i.areaCultivo,
    preparoSolo: i.preparoSolo,
    praticasConservacionistas: i.praticasConservacionistas,
    sementesEMudas: i.sementesEMudas,
    irrigacao: i.irrigacao,
    adubacaoCorrecao: i.adubacaoCorrecao.map((l) => ({
      id: l.id,
      naoNecessarias: l.naoNecessarias,
      dataAplicacao: l.dataAplicacao ?? null,
      nomeFormula: l.nomeFormula ?? null,
      dose: l.dose ?? null,
      formaDose: l.formaDose ?? null,
      formaAplicacao: l.formaAplicacao ?? null,
      responsavelAplicacao: l.responsavelAplicacao ?? null,
      observacao: l.observacao ?? null,
    })),
    aplicacaoProdutosQuimicos: i.aplicacaoProdutosQuimicos.map((l) => ({
      id: l.id,
      naoNecessarias: l.naoNecessarias,
      data: l.data ?? null,
      periodoCarencia: l.periodoCarencia ?? null,
      pragaDoencaAlvo: l.pragaDoencaAlvo ?? null,
      nomeProduto: l.nomeProduto ?? null,
      dose: l.dose ?? null,
      formaDose: l.formaDose ?? null,
      volumeCalda: l.volumeCalda ?? null,
      operador: l.operador ?? null,
    })),
  };
}

export function cadernoRepository(db: Db) {
  const dto = async (t: Tx, id: number) => {
    const c = await ler(t, sql`c.id = ${id}`);
    if (!c) throw naoEncontrado(NAO_ENCONTRADO);
    return c;
  };

  /** The notebook and its two row lists in one transaction (the shared master-detail save); rows sent with an id keep it. */
  const generico = repositorioPadrao(db, { table: caderno, cadastro: 'Caderno', naoEncontrado: NAO_ENCONTRADO, colecoes, ler: dto, valores });
  const semDuplicar = (p: Promise<Caderno>) =>
    p.catch((err: unknown) => {
      // Two desks creating the notebook of the same item at once: the second gets the 409.
      if (pgErro(err)?.code === '23505') throw conflict(JA_TEM);
      throw err;
    });

  return {
    ler: generico.ler,
    /** GET /caderno/boletimItem/{id}: the item's notebook, or undefined when it has none (404 when the item does not exist). */
    async doItem(boletimItemId: number): Promise<Caderno | undefined> {
      const [item] = await db.select({ id: boletimItens.id }).from(boletimItens).where(eq(boletimItens.id, boletimItemId));
      if (!item) throw naoEncontrado(ITEM_NAO_ENCONTRADO);
      return ler(db, sql`c.boletim_item_id = ${boletimItemId}`);
    },
    async inserir(usuario: string, input: CadernoDados) {
      const [ja] = await db.select({ id: caderno.id }).from(caderno).where(eq(caderno.boletimItemId, input.boletimItemId));
      if (ja) throw conflict(JA_TEM);
      return semDuplicar(generico.inserir(usuario, input));
    },
    /** PUT caderno: by the id in the body, or else by the bulletin item's notebook. */
    async alterar(usuario: string, id: number | undefined, input: CadernoDados) {
      if (id === undefined) {
        const [c] = await db.select({ id: caderno.id }).from(caderno).where(eq(caderno.boletimItemId, input.boletimItemId));
        if (!c) throw naoEncontrado(NAO_ENCONTRADO);
        id = c.id;
      }
      return semDuplicar(generico.alterar(usuario, id, input));
    },
    remover: generico.remover,
  };
}
