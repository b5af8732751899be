import type { FastifyInstance } from 'fastify';
import { todoDia } from '../../lib/todo-dia';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATEGORIAS_PESSOAIS,
  INCIDENTE_MSG,
  TIPOS_DE_SOLICITACAO,
  TITULAR_MSG,
  anonimizarEntrada,
  exportacaoQuery,
  formatDate,
  idParam,
  incidenteEntrada,
  titularResposta,
  type Incidente,
} from '@ceasa/shared';
import type { AppContext } from '../../context';
import { quem } from '../../lib/audit';
import { HttpError, naoEncontrado } from '../../lib/errors';
import { registroDeTratamento } from './aviso';
import { executarRetencao } from './retencao';
import { titularRepository, type TitularRepository } from './titular.repository';
import { enviarExportacao } from './titular.service';

const id = idParam;
/** A CPF (11 digits) or CNPJ (14, the first 12 may be letters since 2026), with or without its dots, dash and slash. */
const MSG_DOCUMENTO = 'CPF ou CNPJ inválido: informe os 11 ou 14 caracteres do documento';
const documento = z
  .string()
  .transform((v) => v.replace(/[./-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$/, MSG_DOCUMENTO));
const ver = { rota: 'titular', acao: 'visualizar' } as const;
const criar = { rota: 'titular', acao: 'criar' } as const;
const editar = { rota: 'titular', acao: 'editar' } as const;
const tags = ['Privacidade (LGPD)'];

/** The reads of a person's data the read log records: the route, and how to find the record and its person. */
const LEITURAS: Record<string, { cadastro: string; registro: (p: Record<string, string>, q: Record<string, string>) => string }> = {
  'GET /api/pessoa/:id': { cadastro: 'pessoa', registro: (p) => p.id },
  'GET /api/romaneio/:id': { cadastro: 'romaneio', registro: (p) => p.id },
  'GET /api/recall': { cadastro: 'recall', registro: (_p, q) => new URLSearchParams(q).toString().slice(0, 200) },
  'GET /api/portal/convites': { cadastro: 'portal', registro: (_p, q) => String(q.pessoaId ?? '') },
};

/** The notification of an incident with what Res. CD/ANPD 15/2024 (art. 6º) asks it to say. */
function notificacao(i: Incidente, ctx: AppContext): string {
  const p = ctx.config.privacidade;
  return [
    `Comunicação de incidente de segurança com dados pessoais nº ${i.id}`,
    `Controlador: ${p.controlador}`,
    `Encarregado: ${p.encarregadoNome ?? '(não definido)'}${p.encarregadoEmail ? `, ${p.encarregadoEmail}` : ''}${p.encarregadoTelefone ? `, ${p.encarregadoTelefone}` : ''}`,
    `Data em que o incidente foi conhecido: ${formatDate(i.detectadoEm)}`,
    `Prazo de comunicação à ANPD e aos titulares (3 dias úteis): ${formatDate(i.prazo)}`,
    `Descrição da natureza do incidente: ${i.descricao}`,
    `Categorias de dados pessoais afetados: ${i.categorias.map((c) => CATEGORIAS_PESSOAIS[c as keyof typeof CATEGORIAS_PESSOAIS]?.rotulo ?? c).join(', ')}`,
    `Número de titulares afetados: ${i.titularesAfetados}`,
    `Medidas técnicas e de segurança adotadas e as tomadas para reverter ou mitigar os efeitos: ${i.medidas}`,
    'Riscos relacionados ao incidente e possíveis impactos aos titulares: avaliar a partir das categorias acima.',
    'Motivo de eventual demora na comunicação: (preencher se a comunicação passar do prazo).',
    `Registrado em ${formatDate(i.registradoEm.slice(0, 10))} por ${i.registradoPor}. Este registro é guardado por no mínimo 5 anos.`,
  ].join('\n');
}

/**
 * The encarregado's side of the LGPD (permission `titular`, decision 0228): the holders' requests and their
 * answers, a person's whole data (JSON or ZIP of CSVs), the anonymisation, the read log, the incidents and the
 * record of processing. Also the read log's hook and the daily retention job.
 */
export default function titularRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = titularRepository(ctx.db);
  registrarLeituras(app, repo);
  retencaoDiaria(app, ctx);
  rotasDasSolicitacoes(app, ctx, repo);
  rotasDosDados(app, ctx, repo);
  rotasDosIncidentes(app, ctx, repo);
}

/**
 * Reading a person's data is logged like writing it: who, when, which record (never the data).
 * Before the answer leaves (onSend), so whoever reads the log next finds the read.
 */
function registrarLeituras(app: FastifyInstance, repo: TitularRepository) {
  app.addHook('onSend', async (req, reply, payload) => {
    const l = LEITURAS[`${req.method} ${req.routeOptions.url}`];
    if (!l || reply.statusCode !== 200 || !req.usuario) return payload;
    try {
      const params = (req.params ?? {}) as Record<string, string>;
      const registro = l.registro(params, (req.query ?? {}) as Record<string, string>);
      const pessoaId =
        l.cadastro === 'pessoa'
          ? Number(params.id)
          : l.cadastro === 'romaneio'
            ? await repo.pessoaDoRomaneio(Number(params.id))
            : (req.query as { pessoaId?: string })?.pessoaId
              ? Number((req.query as { pessoaId?: string }).pessoaId)
              : null;
      await repo.registrarLeitura(req.usuario.email, l.cadastro, registro, Number.isFinite(pessoaId) ? pessoaId : null);
    } catch (err) {
      req.log.error({ err }, 'falha ao registrar a leitura de dados pessoais');
    }
    return payload;
  });
}

/** The daily retention: the people past their term are anonymised, old reads and answered requests forgotten. */
function retencaoDiaria(app: FastifyInstance, ctx: AppContext) {
  const priv = ctx.config.privacidade;
  const diaria = () => executarRetencao(ctx.db, priv).catch((err: unknown) => app.log.error({ err }, 'falha na rotina diária de retenção de dados pessoais'));
  if (ctx.config.nodeEnv !== 'test') {
    // Every day while the market is closed (lib/todo-dia.ts).
    const parar = todoDia(diaria);
    app.addHook('onClose', parar);
  }
}

/** The holders' requests: the queue, and an answer (mailed to the holder, then recorded). */
function rotasDasSolicitacoes(app: FastifyInstance, ctx: AppContext, repo: TitularRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mercado = ctx.config.settings.mercado;
  r.get('/titular', { schema: { tags, summary: 'Fila das solicitações dos titulares, com o prazo de cada uma' }, config: { acesso: ver } }, () =>
    repo.listar(),
  );

  r.put(
    '/titular/solicitacoes/:id/resposta',
    {
      schema: { tags, summary: 'Responde a uma solicitação: a resposta vai por e-mail ao titular e fica na auditoria', params: id, body: titularResposta },
      config: { acesso: editar },
    },
    async (req) =>
      repo.responder(req.params.id, req.body.resposta, quem(req), async (s) => {
        try {
          await ctx.mailer.send(
            s.email,
            `${mercado} - Resposta à sua solicitação nº ${s.id}`,
            [`Resposta à sua solicitação nº ${s.id} (${TIPOS_DE_SOLICITACAO[s.tipo]}):`, '', req.body.resposta].join('\n'),
          );
        } catch (err) {
          req.log.error({ err }, 'falha ao enviar a resposta ao titular');
          throw new HttpError(503, 'Não foi possível enviar a resposta por e-mail agora: nada foi registrado. Tente novamente mais tarde.');
        }
      }),
  );
}

/** A person's data: the export, the anonymisation, who read it, and the record of processing. */
function rotasDosDados(app: FastifyInstance, ctx: AppContext, repo: TitularRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const priv = ctx.config.privacidade;
  r.get(
    '/titular/dados/:cpfcnpj',
    {
      schema: {
        tags,
        summary: 'Tudo o que o sistema guarda sobre uma pessoa (acesso e portabilidade): JSON, ou formato=zip (CSVs e a foto)',
        params: z.object({ cpfcnpj: documento }),
        querystring: exportacaoQuery,
      },
      config: { acesso: ver },
    },
    async (req, reply) => {
      const pessoaId = await repo.pessoaPorDocumento(req.params.cpfcnpj);
      const dados = pessoaId ? await repo.exportar(pessoaId) : null;
      if (!pessoaId || !dados) throw naoEncontrado(TITULAR_MSG.pessoaNaoEncontrada);
      await repo.registrarLeitura(quem(req), 'exportacao', String(pessoaId), pessoaId);
      return enviarExportacao(reply, dados, req.query.formato, { nome: `dados-pessoa-${pessoaId}`, jsonComoArquivo: false });
    },
  );

  r.post(
    '/titular/anonimizar',
    {
      schema: { tags, summary: 'Anonimiza uma pessoa cujo prazo de retenção terminou (ou que não tem registros)', body: anonimizarEntrada },
      config: { acesso: editar },
    },
    async (req) => {
      const feita = await repo.anonimizar(req.body.pessoaId, req.body.motivo, quem(req), priv.cadastroAnos);
      // His portal account's sessions ended in that transaction: no server keeps them valid a moment longer.
      app.esquecerSessoes();
      return feita;
    },
  );

  r.get(
    '/titular/acessos',
    {
      schema: {
        tags,
        summary: 'Quem leu os dados de uma pessoa (quem, quando, qual registro)',
        querystring: z.object({ pessoaId: z.coerce.number().int().positive().optional() }),
      },
      config: { acesso: ver },
    },
    async (req) => repo.leituras(req.query.pessoaId ?? null),
  );

  r.get(
    '/titular/registro',
    { schema: { tags, summary: 'Registro das operações de tratamento (LGPD, art. 37) e roteiro do relatório de impacto (RIPD)' }, config: { acesso: ver } },
    () => registroDeTratamento(ctx.config),
  );
}

/** The security incidents with personal data: recorded, corrected (never removed), and their notification. */
function rotasDosIncidentes(app: FastifyInstance, ctx: AppContext, repo: TitularRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/incidentes', { schema: { tags, summary: 'Incidentes de segurança com dados pessoais' }, config: { acesso: ver } }, () => repo.incidentes());
  r.post(
    '/incidentes',
    {
      schema: { tags, summary: 'Registra um incidente: o prazo de 3 dias úteis para a ANPD e os titulares é calculado', body: incidenteEntrada },
      config: { acesso: criar },
    },
    async (req, reply) => reply.code(201).send(await repo.salvarIncidente(req.body, quem(req))),
  );
  r.put(
    '/incidentes/:id',
    { schema: { tags, summary: 'Corrige um incidente (a correção fica na auditoria)', params: id, body: incidenteEntrada }, config: { acesso: editar } },
    async (req) => repo.salvarIncidente(req.body, quem(req), req.params.id),
  );
  r.delete('/incidentes/:id', { schema: { tags, summary: 'Um incidente não pode ser removido', params: id }, config: { acesso: editar } }, async () => {
    throw new HttpError(405, INCIDENTE_MSG.semRemocao);
  });
  r.get(
    '/incidentes/:id/notificacao',
    { schema: { tags, summary: 'A comunicação do incidente à ANPD e aos titulares (texto)', params: id }, config: { acesso: ver } },
    async (req, reply) => {
      const i = await repo.incidente(req.params.id);
      if (!i) throw naoEncontrado(INCIDENTE_MSG.naoEncontrado);
      return reply.type('text/plain; charset=utf-8').send(notificacao(i, ctx));
    },
  );
}
