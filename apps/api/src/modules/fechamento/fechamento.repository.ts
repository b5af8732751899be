import { sql } from 'drizzle-orm';
import { arredondar, maisComum, type FechamentoDoDia, type PainelDoGestor } from '@ceasa/shared';
import type { Db } from '../../db/client';

const linhas = async <T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> => (await db.execute(q)).rows as T[];
const n = (v: unknown) => Number(v ?? 0);
const dia = (d: string, mais: number) => sql`(${d}::date + ${mais}::int)`;

/** The day's announced loads, received or not, and its romaneios that received none (walk-in loads; decision 0298). */
async function chegadasDoDia(db: Db, data: string): Promise<FechamentoDoDia['chegadas']> {
  const [c] = await linhas<{ anunciadas: string; recebidas: string; avulsas: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM chegadas WHERE data = ${data}::date) AS anunciadas,
               (SELECT count(*) FROM chegadas c WHERE c.data = ${data}::date AND EXISTS (SELECT 1 FROM romaneio ro WHERE ro.chegada_id = c.id)) AS recebidas,
               (SELECT count(*) FROM romaneio WHERE data_emissao = ${data}::date AND chegada_id IS NULL) AS avulsas`,
  );
  return { anunciadas: n(c.anunciadas), recebidas: n(c.recebidas), naoRecebidas: n(c.anunciadas) - n(c.recebidas), avulsas: n(c.avulsas) };
}

/** The figures of 'Fechamento do dia' for `data` (decision 0147), all read from the stored rows of that date. */
export async function fechamentoDoDia(db: Db, data: string): Promise<Omit<FechamentoDoDia, 'semMercado'>> {
  const [tot] = await linhas<{ romaneios: string; produtores: string; quantidade: string; kg: string }>(
    db,
    sql`SELECT count(DISTINCT ro.id) AS romaneios, count(DISTINCT ro.pessoa_id) AS produtores,
               coalesce(sum(ri.quantidade), 0) AS quantidade, coalesce(sum(ri.quantidade * pr.peso_em_kg), 0) AS kg
        FROM romaneio ro LEFT JOIN romaneio_itens ri ON ri.romaneio_id = ro.id LEFT JOIN produto pr ON pr.id = ri.produto_id
        WHERE ro.data_emissao = ${data}::date`,
  );
  const porProduto = await linhas<{ produto: string; embalagem: string; quantidade: string; kg: string }>(
    db,
    sql`SELECT pr.nome AS produto, pr.embalagem, sum(ri.quantidade) AS quantidade, sum(ri.quantidade * pr.peso_em_kg) AS kg
        FROM romaneio ro JOIN romaneio_itens ri ON ri.romaneio_id = ro.id JOIN produto pr ON pr.id = ri.produto_id
        WHERE ro.data_emissao = ${data}::date
        GROUP BY pr.id, pr.nome, pr.embalagem ORDER BY kg DESC, pr.nome`,
  );
  // The origin: the municipality of the property of the item's bulletin.
  const porMunicipio = await linhas<{ municipio: string; kg: string }>(
    db,
    sql`SELECT coalesce(m.nome, 'Sem município') AS municipio, sum(ri.quantidade * pr.peso_em_kg) AS kg
        FROM romaneio ro JOIN romaneio_itens ri ON ri.romaneio_id = ro.id JOIN produto pr ON pr.id = ri.produto_id
        LEFT JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id LEFT JOIN boletim b ON b.id = bi.boletim_id
        LEFT JOIN propriedade p ON p.id = b.propriedade_id LEFT JOIN municipio m ON m.id = p.municipio_id
        WHERE ro.data_emissao = ${data}::date
        GROUP BY m.nome ORDER BY kg DESC, municipio`,
  );
  const [pedras] = await linhas<{ total: string; ocupadas: string; avulsas: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM pedras) AS total,
               (SELECT count(DISTINCT pedra_id) FROM romaneio_pedras WHERE data = ${data}::date) AS ocupadas,
               (SELECT count(*) FROM romaneio_pedras WHERE data = ${data}::date AND ocupacao = 'avulsa') AS avulsas`,
  );
  const [estacionamento] = await linhas<{ tickets: string; total: string }>(
    db,
    sql`SELECT count(*) AS tickets, coalesce(sum(valor), 0) AS total FROM estacionamento WHERE data = ${data}::date`,
  );
  // Who entered each romaneio: the audit log's INSERT of it.
  const porUsuario = await linhas<{ usuario: string; romaneios: string }>(
    db,
    sql`SELECT l.usuario, count(DISTINCT l.cadastro_id) AS romaneios
        FROM logs l JOIN romaneio ro ON l.cadastro_id = ro.id::text
        WHERE l.cadastro = 'Romaneio' AND l.acao = 'INSERT' AND ro.data_emissao = ${data}::date
        GROUP BY l.usuario ORDER BY romaneios DESC, l.usuario`,
  );
  const precos = await linhas<{ produto: string; valor: string; publicado: boolean }>(
    db,
    sql`SELECT pr.nome AS produto, p.valor, p.publicado FROM precos p JOIN produto pr ON pr.id = p.produto_id WHERE p.data = ${data}::date ORDER BY pr.nome, p.id`,
  );
  const ocupadas = n(pedras.ocupadas);
  return {
    data,
    romaneios: n(tot.romaneios),
    produtores: n(tot.produtores),
    quantidade: n(tot.quantidade),
    kg: n(tot.kg),
    porProduto: porProduto.map((r) => ({ produto: r.produto, embalagem: r.embalagem, quantidade: n(r.quantidade), kg: n(r.kg) })),
    porMunicipio: porMunicipio.map((r) => ({ municipio: r.municipio, kg: n(r.kg) })),
    pedras: { total: n(pedras.total), ocupadas, livres: n(pedras.total) - ocupadas, avulsas: n(pedras.avulsas) },
    estacionamento: { tickets: n(estacionamento.tickets), total: n(estacionamento.total) },
    porUsuario: porUsuario.map((r) => ({ usuario: r.usuario, romaneios: n(r.romaneios) })),
    chegadas: await chegadasDoDia(db, data),
    precos: precos.map((r) => ({ produto: r.produto, valor: n(r.valor), publicado: r.publicado })),
  };
}

const percentual = (atual: number, antes: number) => (antes > 0 ? arredondar(((atual - antes) / antes) * 100, 2) : null);

/** The manager's panel of the week of `data` (Monday to Sunday; decision 0147). */
export async function painelDoGestor(db: Db, data: string): Promise<PainelDoGestor> {
  const [s] = await linhas<{ de: string; ate: string }>(
    db,
    sql`SELECT to_char(date_trunc('week', ${data}::date), 'YYYY-MM-DD') AS de, to_char(date_trunc('week', ${data}::date) + interval '6 days', 'YYYY-MM-DD') AS ate`,
  );
  const [ocup] = await linhas<{ ocupadas: string; total: string }>(
    db,
    sql`SELECT (SELECT count(DISTINCT pedra_id) FROM romaneio_pedras WHERE data = ${data}::date) AS ocupadas, (SELECT count(*) FROM pedras) AS total`,
  );
  // Arrivals in kg this week and in the same week 52 weeks earlier (Monday to Sunday both).
  const [cheg] = await linhas<{ semana: string; antes: string }>(
    db,
    sql`SELECT coalesce(sum(ri.quantidade * pr.peso_em_kg) FILTER (WHERE ro.data_emissao BETWEEN ${s.de}::date AND ${s.ate}::date), 0) AS semana,
               coalesce(sum(ri.quantidade * pr.peso_em_kg) FILTER (WHERE ro.data_emissao BETWEEN ${dia(s.de, -364)} AND ${dia(s.ate, -364)}), 0) AS antes
        FROM romaneio ro JOIN romaneio_itens ri ON ri.romaneio_id = ro.id JOIN produto pr ON pr.id = ri.produto_id
        WHERE ro.data_emissao BETWEEN ${s.de}::date AND ${s.ate}::date OR ro.data_emissao BETWEEN ${dia(s.de, -364)} AND ${dia(s.ate, -364)}`,
  );
  // Prices: the public's figures — the last published price day up to `data` against the published day before it,
  // each product's most common published price of each day (as /home compares them). Drafts are not price changes:
  // they are listed apart (`rascunhos`).
  const [dias] = await linhas<{ atual: string | null; anterior: string | null }>(
    db,
    sql`WITH a AS (SELECT max(data) AS d FROM precos WHERE data <= ${data}::date AND publicado)
        SELECT to_char(a.d, 'YYYY-MM-DD') AS atual, to_char((SELECT max(data) FROM precos WHERE data < a.d AND publicado), 'YYYY-MM-DD') AS anterior FROM a`,
  );
  const publicados =
    dias.atual && dias.anterior
      ? await linhas<{ produto: string; data: string; valores: number[] }>(
          db,
          sql`SELECT pr.nome AS produto, to_char(p.data, 'YYYY-MM-DD') AS data, array_agg(p.valor::float8) AS valores
              FROM precos p JOIN produto pr ON pr.id = p.produto_id
              WHERE p.publicado AND p.data IN (${dias.atual}::date, ${dias.anterior}::date)
              GROUP BY pr.id, pr.nome, p.data`,
        )
      : [];
  const doDia = (d: string | null) => new Map(publicados.filter((l) => l.data === d).map((l) => [l.produto, maisComum(l.valores.map(Number))!]));
  const [hoje, antes] = [doDia(dias.atual), doDia(dias.anterior)];
  const variacoes = [...hoje].flatMap(([produto, atual]) => {
    const anterior = antes.get(produto);
    return anterior === undefined || anterior === atual ? [] : [{ produto, anterior, atual }];
  });
  const rascunhos = await linhas<{ produto: string; data: string; valor: string }>(
    db,
    sql`SELECT pr.nome AS produto, to_char(p.data, 'YYYY-MM-DD') AS data, p.valor FROM precos p JOIN produto pr ON pr.id = p.produto_id
        WHERE NOT p.publicado AND p.data BETWEEN ${s.de}::date AND ${data}::date ORDER BY p.data, pr.nome, p.id`,
  );
  const boletins = await linhas<{ boletimId: number; produtor: string; produto: string; fimColheita: string }>(
    db,
    sql`SELECT b.id AS "boletimId", pe.nome AS produtor, pr.nome AS produto, to_char(bi.fim_colheita, 'YYYY-MM-DD') AS "fimColheita"
        FROM boletim_itens bi JOIN boletim b ON b.id = bi.boletim_id JOIN pessoa pe ON pe.id = b.produtor_id JOIN produto pr ON pr.id = bi.produto_id
        WHERE bi.fim_colheita BETWEEN ${s.de}::date AND ${s.ate}::date ORDER BY bi.fim_colheita, pe.nome, pr.nome`,
  );
  // A notebook's carência ends on the first day its latest application allows selling (date + withdrawal days).
  const cadernos = await linhas<{ cadernoId: number; produtor: string; produto: string; fimCarencia: string }>(
    db,
    sql`SELECT c.id AS "cadernoId", pe.nome AS produtor, pr.nome AS produto, to_char(max(a.data + a.periodo_carencia), 'YYYY-MM-DD') AS "fimCarencia"
        FROM caderno c JOIN aplicacao_produtos_quimicos a ON a.caderno_id = c.id AND NOT a.nao_necessarias
        JOIN boletim_itens bi ON bi.id = c.boletim_item_id JOIN boletim b ON b.id = bi.boletim_id
        JOIN pessoa pe ON pe.id = b.produtor_id JOIN produto pr ON pr.id = bi.produto_id
        GROUP BY c.id, pe.nome, pr.nome
        HAVING max(a.data + a.periodo_carencia) BETWEEN ${s.de}::date AND ${s.ate}::date
        ORDER BY 4, pe.nome`,
  );
  const kgSemana = n(cheg.semana);
  const kgAnoAnterior = n(cheg.antes);
  const total = n(ocup.total);
  return {
    data,
    semana: s,
    ocupacao: { ocupadas: n(ocup.ocupadas), total, percentual: total ? Math.round((n(ocup.ocupadas) / total) * 10_000) / 100 : 0 },
    chegadas: { kgSemana, kgAnoAnterior, variacao: percentual(kgSemana, kgAnoAnterior) },
    diaAnterior: dias.anterior,
    variacoesDePreco: variacoes
      .map((v) => ({ produto: v.produto, anterior: n(v.anterior), atual: n(v.atual), variacao: percentual(n(v.atual), n(v.anterior)) ?? 0 }))
      .sort((a, b) => Math.abs(b.variacao) - Math.abs(a.variacao) || a.produto.localeCompare(b.produto, 'pt-BR')),
    rascunhos: rascunhos.map((r) => ({ produto: r.produto, data: r.data, valor: n(r.valor) })),
    boletinsTerminando: boletins.map((b) => ({ ...b, boletimId: n(b.boletimId) })),
    cadernosTerminando: cadernos.map((c) => ({ ...c, cadernoId: n(c.cadernoId) })),
  };
}
