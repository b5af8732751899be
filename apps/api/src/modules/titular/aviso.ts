import { CATEGORIAS_PESSOAIS, categoriasComCampos, PRAZOS_DE_RETENCAO, REGISTROS_PESSOAIS, TIPOS_DE_SOLICITACAO, camposPessoais } from '@ceasa/shared';
import { enderecoPublico, type Config } from '../../config';

/** What a term says in words, from its setting. */
function prazoEmPalavras(config: Config, chave: keyof typeof PRAZOS_DE_RETENCAO): string {
  const p = config.privacidade;
  const d = PRAZOS_DE_RETENCAO[chave];
  const n = {
    RETENCAO_CADASTRO_ANOS: p.cadastroAnos,
    RETENCAO_SOLICITACOES_ANOS: p.solicitacoesAnos,
    RETENCAO_ACESSOS_MESES: p.acessosMeses,
    RETENCAO_ASSINATURA: 0,
  }[chave];
  if (chave === 'RETENCAO_ASSINATURA') return `Até o cancelamento da assinatura (${d.desde}).`;
  return `${n} ${d.unidade} depois de ${d.desde} (${chave}); depois disso os dados são anonimizados.`;
}

/**
 * The privacy notice (LGPD, arts. 9º, 23 and 41), from the settings and the personal-data declarations of the
 * shared schemas: the controller, the encarregado, each category with its fields, purpose, basis, term and
 * sharing, and how to exercise each right.
 */
export function avisoDePrivacidade(config: Config) {
  const p = config.privacidade;
  const base = enderecoPublico(config);
  return {
    controlador: p.controlador,
    encarregado: { nome: p.encarregadoNome ?? null, email: p.encarregadoEmail ?? null, telefone: p.encarregadoTelefone ?? null },
    categorias: categoriasComCampos().map(({ categoria, campos }) => {
      const c = CATEGORIAS_PESSOAIS[categoria];
      return {
        categoria,
        rotulo: c.rotulo,
        campos,
        finalidade: c.finalidade,
        baseLegal: c.baseLegal,
        retencao: prazoEmPalavras(config, c.retencao),
        compartilhamento: c.compartilhamento,
      };
    }),
    registroDeLeituras: prazoEmPalavras(config, 'RETENCAO_ACESSOS_MESES'),
    compartilhamento: [
      'A página pública do lote (/lote/...) mostra o produtor com o CPF mascarado (***.ddd.ddd-**), o município de origem, o produto e as datas.',
      'O arquivo diário da Conab e os dados abertos levam só preços e quantidades agregadas: nenhum dado pessoal.',
    ],
    direitos: Object.entries(TIPOS_DE_SOLICITACAO).map(([tipo, rotulo]) => ({ tipo, rotulo })),
    comoExercer:
      `Pelo formulário ${base}/privacidade/solicitar: informe o CPF ou CNPJ, o e-mail e o que deseja; confirme pelo link enviado ao e-mail. ` +
      'A confirmação simplificada sai de imediato e a resposta completa em até 15 dias da confirmação (LGPD, art. 19).' +
      (p.encarregadoEmail ? ` Ou escreva ao encarregado: ${p.encarregadoEmail}.` : ''),
  };
}

/** The record of processing (art. 37) and the outline of the impact report (RIPD), from the same declarations. */
export function registroDeTratamento(config: Config) {
  const aviso = avisoDePrivacidade(config);
  return {
    controlador: aviso.controlador,
    encarregado: aviso.encarregado,
    registros: REGISTROS_PESSOAIS.map((r) => ({ registro: r.registro, rotulo: r.rotulo, tabela: r.tabela, campos: camposPessoais(r.schema) })),
    operacoes: aviso.categorias,
    compartilhamento: aviso.compartilhamento,
    salvaguardas: [
      'Controle de acesso: cada tela e cada chamada da API exige a permissão do grupo do usuário; o servidor recusa o que a tela esconde.',
      'Auditoria: toda inclusão, alteração e exclusão grava quem, quando e o quê (logs, que não podem ser alterados nem apagados).',
      'Registro de leituras: abrir uma pessoa, um romaneio, o recall ou uma exportação de dados do titular grava quem, quando e qual registro.',
      'Mascaramento: as páginas públicas mostram o CPF como ***.ddd.ddd-**.',
      'Backups sem segredos: chaves, sessões, links de confirmação e e-mails enviados não vão para o backup; o arquivo é só do dono (0600).',
      'Retenção e anonimização: uma rotina diária anonimiza quem passou do prazo; o encarregado pode anonimizar uma pessoa sem prazo em curso.',
      'Incidentes: registrados com o prazo de 3 dias úteis para a ANPD e os titulares, guardados por no mínimo 5 anos, sem exclusão.',
    ],
    ripd: {
      descricao: 'Tratamento de dados de produtores rurais, lojistas, compradores e técnicos na gestão do mercado atacadista municipal.',
      natureza: 'Coleta na portaria e no cadastro, pelos servidores; guarda em banco de dados do município; sem decisão automatizada.',
      escopo: aviso.categorias.map((c) => `${c.rotulo}: ${c.campos.join(', ') || '(sem campos declarados)'}`),
      contexto: 'O titular é informado pelo aviso de privacidade (/privacidade) e pode exercer seus direitos pelo formulário público.',
      riscos: [
        'Acesso indevido por servidor: mitigado pelo controle de acesso, pela auditoria e pelo registro de leituras.',
        'Exposição pública de CPF: mitigada pelo mascaramento e pelos códigos de lote não sequenciais.',
        'Vazamento de backup: mitigado pelo arquivo restrito ao dono e pela ausência de segredos.',
      ],
    },
  };
}
