/**
 * The user's manual (/ajuda): one section per role, each task as numbered steps with a picture of its screen.
 * The pictures (`/ajuda/<id>.jpg`) are taken by the browser tests from the demo data (e2e/manual.spec.ts), so a
 * changed screen changes its picture; `telas` says which back-office paths the task explains, so every screen's
 * '?' opens its section (secaoDaTela).
 */
export interface Tarefa {
  /** Anchor on /ajuda and the picture's name. */
  id: string;
  titulo: string;
  passos: string[];
  /** What the picture shows, for who cannot see it. */
  legenda: string;
  /** Path prefixes of the screens this task explains ('/romaneio/edit/' matches every edit page). */
  telas: string[];
  /** The screen the picture is taken of, in the demo data (`:romaneio` is a demo romaneio's id). */
  foto: string;
  /**
   * What is done on that screen before the picture, so that two tasks of one screen show each its own state:
   * a button clicked (its dialog or message in the picture), a field filled, a section scrolled to the top.
   */
  preparo?: { clicar?: string; preencher?: { rotulo: string; texto: string }; rolarAte?: string };
}

export interface Papel {
  id: string;
  titulo: string;
  quem: string;
  tarefas: Tarefa[];
}

export const MANUAL: Papel[] = [
  {
    id: 'portaria',
    titulo: 'Atendente da portaria',
    quem: 'Recebe os produtores no dia de mercado, registra o que cada um trouxe e onde fica, e imprime a ficha e as etiquetas.',
    tarefas: [
      {
        id: 'mapa-de-pedras',
        titulo: 'Ver as pedras livres e ocupadas do dia',
        passos: [
          'Entre no sistema: a primeira tela mostra o mapa de pedras do dia. Se hoje não for dia de mercado, clique em "Ver o mapa de …" para o próximo.',
          'Para outro dia, digite a data em "Data da pesquisa" e clique em "Pesquisar...".',
          'Pedras verdes estão livres; vermelhas estão ocupadas (passe o mouse para ver o produtor). Sublinhadas são ocupações avulsas.',
          'Clique numa pedra livre para abrir um romaneio novo já com essa pedra e essa data.',
        ],
        legenda: 'O mapa de pedras do dia, com as pedras livres em verde e as ocupadas em vermelho.',
        telas: ['/admin', '/pedra'],
        foto: '/admin',
      },
      {
        id: 'romaneio-novo',
        titulo: 'Registrar a entrada de um produtor (romaneio)',
        passos: [
          'No menu, abra "Romaneio" e clique em "Adicionar" (ou clique numa pedra livre do mapa).',
          'Digite a data do dia de mercado (só dias de mercado são aceitos; feriados não). Para vários dias do mesmo lote, use "Incluir data".',
          'Digite o número da dívida e saia do campo: o sistema mostra o contribuinte e o valor.',
          'Escolha o produtor digitando parte do nome ou do CPF e tecle Enter.',
          'Escolha as pedras. Marque "Ocupação avulsa" se for o caso.',
          'Em "Itens", digite o produto, a quantidade de embalagens e tecle Enter; repita para cada produto. Só aparecem os produtos do boletim do produtor dentro do período de colheita. Não precisa esperar a lista: o que for digitado enquanto ela carrega fica em "Aguardando os produtos do produtor" e entra na ordem quando ela chega.',
          'Clique em "Salvar" (ou Ctrl+Enter). Se ainda houver produtos aguardando, o romaneio é salvo assim que eles chegarem. Se o sistema perguntar algo (segundo romaneio no dia, quantidade acima do saldo), leia e responda.',
        ],
        legenda: 'O formulário do romaneio, com data, dívida, produtor, pedras e itens.',
        telas: ['/romaneiocreate'],
        foto: '/romaneiocreate',
      },
      {
        id: 'ficha-e-etiquetas',
        titulo: 'Imprimir a ficha de controle e as etiquetas',
        passos: [
          'No menu, abra "Romaneio" e encontre o romaneio (filtre pelo produtor, pela dívida ou pela data).',
          'Na linha, use os botões de impressora para a ficha de controle (deste romaneio ou de todos da mesma dívida).',
          'Use os botões de etiqueta para as etiquetas de rastreamento, uma por produto, com o QR code do lote.',
          'Na janela que abre, clique em "Imprimir".',
        ],
        legenda: 'A lista de romaneios, com os botões de ficha, etiquetas, editar e remover em cada linha.',
        telas: ['/romaneio'],
        foto: '/romaneio',
      },
      {
        id: 'romaneio-correcao',
        titulo: 'Corrigir um romaneio já salvo',
        passos: [
          'Na lista de romaneios, clique em editar na linha do romaneio.',
          'Para mudar só a quantidade de um produto, altere o número na tabela e saia do campo: é salvo na hora.',
          'Para incluir ou remover produtos ou trocar pedras, use "Corrigir romaneio", faça as mudanças e escreva o motivo da correção.',
          'Salve. Depois da correção o sistema oferece imprimir as etiquetas dos produtos incluídos.',
        ],
        legenda: 'A página de edição de um romaneio, com os itens e a correção.',
        telas: ['/romaneio/edit/'],
        foto: '/romaneio/edit/:romaneio',
      },
      {
        id: 'estacionamento',
        titulo: 'Registrar o estacionamento de um comprador avulso',
        passos: [
          'No menu, abra "Estacionamento" e clique em "Adicionar".',
          'Preencha a data, a pessoa, a placa, o tipo de veículo, o valor e a dívida, e salve.',
          'Para o comprovante, use o botão de impressão na lista.',
        ],
        legenda: 'A lista de estacionamentos do mercado.',
        telas: ['/estacionamento'],
        foto: '/estacionamento',
      },
    ],
  },
  {
    id: 'precos',
    titulo: 'Digitador de preços',
    quem: 'Levanta os preços do dia nas pedras e publica a cotação que o público vê na página inicial.',
    tarefas: [
      {
        id: 'grade-do-dia',
        titulo: 'Digitar os preços do dia',
        passos: [
          'No menu, abra "Grade do dia" (ou o botão "Preços do dia" na lista de preços).',
          'Cada linha é um produto ativo, com o último preço e a data. Digite o valor (por exemplo 60,00) e tecle Enter: o preço é salvo e o cursor vai para o próximo produto.',
          'Se o valor for menos da metade ou mais do dobro do último, ou se o produto já tiver preço no dia, o sistema pergunta antes de gravar.',
          'Num celular, cada produto aparece como um bloco, com o campo do valor ao lado do nome; num tablet, a tabela rola para o lado dentro da sua caixa.',
        ],
        legenda: 'A grade do dia, um produto por linha, com o último preço e a variação.',
        telas: ['/precosdia'],
        foto: '/precosdia',
      },
      {
        id: 'publicar-cotacao',
        titulo: 'Publicar a cotação',
        passos: [
          'Na grade do dia, confira os preços e clique em "Publicar cotação". A frase acima da grade diz o modo de publicação do mercado.',
          'Publicação automática (o padrão): cada preço salvo já é público na página inicial e nos dados abertos. "Publicar cotação" não muda nenhum preço: envia a cotação do dia aos assinantes por e-mail, se ainda não foi enviada, e avisa "Publicação automática: os preços já eram públicos."',
          'Publicação manual (o servidor configurado com COTACAO_PUBLICACAO=manual): os preços do dia ficam como rascunho (etiqueta "rascunho" na grade) e o público não os vê. "Publicar cotação" torna públicos todos os rascunhos do dia de uma vez, diz quantos foram publicados, registra a publicação nos logs e envia a cotação do dia aos assinantes.',
          'No modo manual, um preço corrigido depois de publicado volta a ser rascunho e sai da página pública até a próxima publicação.',
          'A cotação de um dia é enviada por e-mail uma vez só: preços publicados depois do envio aparecem na página e nos dados abertos, mas não são enviados de novo.',
        ],
        legenda: 'A grade do dia logo depois de "Publicar cotação", com a mensagem do que foi publicado.',
        telas: [],
        foto: '/precosdia',
        preparo: { clicar: 'Publicar cotação' },
      },
      {
        id: 'situacao-do-produto',
        titulo: 'Marcar a situação de um produto (firme, estável ou fraco)',
        passos: [
          'Na grade do dia, digite parte do nome em "Produto" para achar a linha.',
          'A coluna "Situação" começa em "Pela variação": o sistema calcula a situação pela variação do preço mais comum em relação ao dia de mercado anterior (5% ou mais acima: Firme; 5% ou mais abaixo: Fraco; entre um e outro: Estável).',
          'Para informar a situação que o mercado vê (por exemplo, pouca oferta), escolha Firme, Estável ou Fraco na linha do produto: vale para aquele produto no dia da grade, fica registrada nos logs e aparece na "Cotação por produto" da página inicial.',
          'Para voltar ao cálculo, escolha "Pela variação".',
        ],
        legenda: 'A grade do dia filtrada por um produto, com a coluna "Situação".',
        telas: [],
        foto: '/precosdia',
        preparo: { preencher: { rotulo: 'Produto', texto: 'Tomate' } },
      },
      {
        id: 'precos-lista',
        titulo: 'Consultar, corrigir ou remover um preço',
        passos: [
          'No menu, abra "Preços". Filtre pelo nome, pela data ou pelo grupo do produto.',
          'Clique em editar para corrigir o valor, ou em remover (o sistema pede confirmação).',
          '"Gerar relatório" imprime a página que está na tela.',
        ],
        legenda: 'A lista de preços com os filtros por coluna.',
        telas: ['/precos'],
        foto: '/precos',
      },
      {
        id: 'cotacoes',
        titulo: 'Lojistas e produtores da cotação',
        passos: ['No menu, abra "Cotação".', 'Use o botão da coluna de situação para marcar uma cotação como ativa ou não ativa.'],
        legenda: 'A lista de cotações com a situação de cada uma.',
        telas: ['/cotacao'],
        foto: '/cotacao',
      },
    ],
  },
  {
    id: 'agronomia',
    titulo: 'Agrônomo e técnico de campo',
    quem: 'Cadastra produtores e propriedades, registra os boletins de colheita e os cadernos de campo que a portaria confere.',
    tarefas: [
      {
        id: 'produtor-e-propriedade',
        titulo: 'Cadastrar um produtor e sua propriedade',
        passos: [
          'No menu, abra "Pessoa" e clique em "Adicionar". Preencha nome, CPF ou CNPJ, celular e o tipo "Produtor"; tire a foto com "Capturar Foto" se quiser. Salve.',
          'No menu, abra "Propriedade" e clique em "Adicionar". Escolha o proprietário, o município, as áreas e o tipo de posse. Salve.',
        ],
        legenda: 'A lista de pessoas com nome, CPF/CNPJ, celular e tipo.',
        telas: ['/pessoa', '/propriedade'],
        foto: '/pessoa',
      },
      {
        id: 'boletim',
        titulo: 'Registrar um boletim de colheita',
        passos: [
          'No menu, abra "Boletim" e clique em "Adicionar".',
          'Preencha as datas da visita e de emissão, o produtor, a propriedade e o técnico.',
          'Em "Itens", inclua cada produto com a área, a produção estimada e o período de colheita (início e fim).',
          'Salve. A portaria só aceita, para esse produtor, os produtos do boletim dentro do período de colheita.',
          'Na lista, o botão de impressão mostra o saldo do boletim (estimado menos comercializado).',
        ],
        legenda: 'A lista de boletins com produtor, propriedade, técnico e vigência.',
        telas: ['/boletim'],
        foto: '/boletim',
      },
      {
        id: 'caderno',
        titulo: 'Preencher o caderno de campo',
        passos: [
          'Abra o boletim e, no item do produto, abra o caderno de campo.',
          'Preencha as datas de plantio e colheita e a identificação da área.',
          'Percorra as cinco abas (Preparo do Solo, Sementes e Mudas, Irrigação, Adubação e Correção, Aplicação de Produtos Químicos). Uma aba com erro fica destacada.',
          'Na aplicação de produtos químicos, informe o período de carência: a portaria recusa o produto antes do fim da carência.',
          'Salve.',
        ],
        legenda: 'O formulário do boletim com os itens e o acesso ao caderno de campo.',
        telas: ['/caderno/', '/caderno'],
        foto: '/boletim/edit/:boletim',
      },
      {
        id: 'produtos',
        titulo: 'Produtos e grupos de produtos',
        passos: [
          'No menu, abra "Produto" para cadastrar nome, embalagem, peso da embalagem em kg, grupo e situação (ATIVO ou INATIVO).',
          'Em "Grupo de Produto", cadastre o grupo e a unidade padrão usada na cotação pública.',
        ],
        legenda: 'A lista de produtos com embalagem, peso, grupo e situação.',
        telas: ['/produto', '/produtoGrupo'],
        foto: '/produto',
      },
    ],
  },
  {
    id: 'fiscal',
    titulo: 'Fiscal sanitário',
    quem: 'Segue um lote da etiqueta até o produtor e até as lojas, quando há um problema com um produto.',
    tarefas: [
      {
        id: 'recall',
        titulo: 'Rastrear um lote (recall)',
        passos: [
          'No menu, abra "Recall".',
          'Preencha o que se sabe: o código do lote da etiqueta, o produtor, a propriedade, o produto, o produto químico aplicado ou o período.',
          'Clique em "Pesquisar": aparecem os itens de romaneio atingidos, com produtor, propriedade, datas e pedras.',
          'Use "Baixar CSV" para a planilha ou "Imprimir" para o relatório.',
        ],
        legenda: 'A tela de recall com os filtros e os itens de romaneio atingidos.',
        telas: ['/recall'],
        foto: '/recall',
      },
      {
        id: 'inspecao',
        titulo: 'Inspecionar as cargas sorteadas do dia',
        passos: [
          'No menu, abra "Inspeção": a lista mostra os romaneios do dia sorteados para inspeção e os produtores suspensos.',
          'Clique em "Registrar inspeção" na linha do romaneio. Escolha o tipo: rotulagem (marque cada item da etiqueta conferido) ou resíduo (laboratório, código da amostra, data da coleta).',
          'Quando o laboratório responder, abra a inspeção e informe o resultado. Um resultado não conforme retém o lote e suspende o produtor na portaria.',
          'Use "Imprimir notificação" para a via do produtor e a do escritório de extensão rural.',
        ],
        legenda: 'A lista de inspeções do dia, com os romaneios sorteados.',
        telas: ['/inspecao'],
        foto: '/inspecao',
      },
      {
        id: 'pagina-do-lote',
        titulo: 'Conferir um lote pelo QR code da etiqueta',
        passos: [
          'Aponte a câmera do celular para o QR code da etiqueta.',
          'A página do lote mostra o produto, o produtor (com o CPF mascarado), a propriedade, o município, o dia de mercado e se a carência foi respeitada.',
        ],
        legenda: 'A página pública de um lote, aberta pelo QR code.',
        telas: [],
        foto: '/lote/:lote',
      },
      {
        id: 'suspensao',
        titulo: 'Levantar a suspensão de um produtor (contraprova)',
        passos: [
          'Um resultado "Não conforme" na análise de resíduos retém o lote e suspende o produtor: a portaria recusa os romaneios dele até o último dia da suspensão (a data da coleta mais os dias configurados no servidor, 30 por padrão). A suspensão aparece na lista de inspeções ("Suspenso até …") e no cadastro da pessoa.',
          'A suspensão não é apagada à mão: ela cai com uma contraprova. Na lista de inspeções, clique em "Registrar inspeção" no romaneio do lote, escolha o tipo "Resíduos de agrotóxicos" e preencha o laboratório, o código da amostra da contraprova e a data da coleta.',
          'Quando o laboratório responder, abra essa inspeção e escolha o resultado "Conforme". Salve: a suspensão termina e a página do lote passa a dizer "Liberado".',
          'Sem contraprova, a suspensão termina sozinha depois do último dia.',
        ],
        legenda: 'O registro de uma análise de resíduos de um romaneio, com o laboratório, a amostra e o resultado.',
        telas: [],
        foto: '/inspecaocreate?romaneioId=:romaneio',
      },
    ],
  },
  {
    id: 'gestor',
    titulo: 'Gerente do mercado',
    quem: 'Acompanha o movimento do dia, fecha o dia e tira os relatórios do mercado.',
    tarefas: [
      {
        id: 'fechamento',
        titulo: 'Fechar o dia e ver o painel',
        passos: [
          'Na tela inicial, abaixo do mapa, está o painel do gestor e a previsão de oferta das próximas semanas.',
          'Clique em "Fechamento do dia" para o resumo do dia (romaneios, produtores, pedras, quilos, preços) e imprima.',
        ],
        legenda: 'O fechamento do dia aberto sobre a tela inicial, pronto para imprimir.',
        telas: [],
        foto: '/admin',
        preparo: { clicar: 'Fechamento do dia' },
      },
      {
        id: 'vaf',
        titulo: 'Relatório VAF (média mensal)',
        passos: [
          'No menu, abra "VAF".',
          'Digite a data inicial e a final e clique em "Pesquisar".',
          'A tabela mostra, por produto e município de origem, os quilos e o valor médio; imprima o boletim.',
        ],
        legenda: 'A tela do VAF com o período e a média mensal.',
        telas: ['/vaf'],
        foto: '/vaf',
      },
      {
        id: 'lojas',
        titulo: 'Fichas das lojas',
        passos: [
          'No menu, abra "Loja" e clique em "Adicionar".',
          'Escolha o lojista e a data; inclua cada produto com o município de origem e a quantidade. Salve.',
        ],
        legenda: 'A lista de fichas das lojas.',
        telas: ['/loja'],
        foto: '/loja',
      },
      {
        id: 'auditoria',
        titulo: 'Consultar quem fez o quê (logs)',
        passos: [
          'No menu, abra "Logs". Filtre pelo usuário, pelo cadastro (por exemplo Romaneio) ou pela ação.',
          'Abra uma linha para ver o conteúdo gravado, campo a campo.',
        ],
        legenda: 'O registro de auditoria com usuário, cadastro e ação.',
        telas: ['/logs'],
        foto: '/logs',
      },
      {
        id: 'assinaturas',
        titulo: 'Cotação por e-mail: assinaturas e alertas de preço',
        passos: [
          'Qualquer pessoa assina pela página "Cotação por e-mail" (/assinar, com link na página inicial e nos dados abertos): digita o e-mail, marca os produtos (nenhum marcado: todos os do dia) e, se quiser, alertas de preço "Acima de" ou "Abaixo de" um valor.',
          'O sistema manda um e-mail de confirmação; nada mais é enviado antes de a pessoa clicar no link e confirmar. Uma assinatura não confirmada é apagada em 7 dias.',
          'A cotação do dia sai uma vez por dia: quando alguém clica em "Publicar cotação" ou no horário configurado no servidor. Quem tem alerta recebe junto os produtos cujo preço cruzou o valor.',
          'Todo e-mail traz o link para cancelar com um clique. Para mudar as escolhas, a pessoa assina de novo: a nova assinatura, confirmada, substitui a anterior.',
        ],
        legenda: 'A página pública "Cotação por e-mail", com o e-mail, os produtos e os alertas.',
        telas: [],
        foto: '/assinar',
      },
      {
        id: 'dados-abertos',
        titulo: 'Dados abertos',
        passos: [
          'A página "Dados abertos" (/dados-abertos, com link na página inicial) descreve cada arquivo público: colunas, unidades, frequência e licença, com o link de download em CSV ou JSON. Ninguém precisa de senha para baixar.',
          'Os arquivos trazem só preços publicados: a cotação do dia por grupo e por produto, as entradas do mês, a referência de preços e o arquivo do Prohort.',
          'O super administrador edita na mesma página o texto "Metodologia de coleta", que explica como os preços são levantados.',
        ],
        legenda: 'A página "Dados abertos", com a descrição de cada arquivo.',
        telas: [],
        foto: '/dados-abertos',
      },
      {
        id: 'prohort',
        titulo: 'Arquivo diário do Prohort (Conab)',
        passos: [
          'Em "Dados abertos", a parte "Arquivo diário do Prohort (Conab)" descreve o arquivo e, em "Baixar", dá os links JSON e CSV: o preço mais comum de cada produto no dia, por kg ou por unidade, nas colunas da série diária do Prohort.',
          'Cada linha leva o código IBGE do município do mercado (configurado no servidor). Confira em "Município" que os municípios têm o código IBGE preenchido.',
          'Envie o arquivo à Conab como ela pede, ou dê a ela o endereço: "data=aaaa-mm-dd" no fim escolhe o dia.',
        ],
        legenda: 'A descrição do arquivo diário do Prohort na página de dados abertos.',
        telas: [],
        foto: '/dados-abertos',
        preparo: { rolarAte: '#prohort' },
      },
      {
        id: 'referencia',
        titulo: 'Referência de preços para compras públicas',
        passos: [
          'A página "Referência de preços para compras públicas" (/referencia, com link na página inicial) resume os preços publicados de um produto num período: número de preços, média, mediana, mínimo e máximo, com o método do cálculo.',
          'Escolha o produto e as datas "De" e "Até". Use "Imprimir" para anexar ao processo de compra, ou cite o link permanente da página, que dá sempre os mesmos números.',
        ],
        legenda: 'A página da referência de preços para compras públicas.',
        telas: [],
        foto: '/referencia',
      },
      {
        id: 'estatisticas',
        titulo: 'O mês em números (estatísticas)',
        passos: [
          'A página "O mês em números" (/estatisticas, com link na página inicial) mostra os totais de um mês comparados ao mesmo mês do ano anterior, a origem por município e o índice de preços do mercado.',
          'Escolha o mês e o ano. Os números vêm dos romaneios e dos preços publicados, os mesmos dos dados abertos; use "Imprimir" ou "Baixar CSV".',
        ],
        legenda: 'A página "O mês em números", com o movimento e o índice de preços.',
        telas: [],
        foto: '/estatisticas',
      },
    ],
  },
  {
    id: 'administrador',
    titulo: 'Administrador do sistema',
    quem: 'Dá acesso às pessoas, define o que cada grupo pode fazer e mantém os cadastros de base.',
    tarefas: [
      {
        id: 'usuarios',
        titulo: 'Dar perfil a uma conta nova',
        passos: [
          'Quem cria uma conta em "Criar conta" entra sem perfil. No menu, abra "Usuários".',
          'Encontre a conta e clique em editar perfis: marque o papel (Administrativo, Agronomia ou Super administrador), deixe "Conta ativa" marcada e salve.',
          'Para bloquear uma conta, desmarque "Conta ativa"; para quem esqueceu a senha, use o botão de envio da redefinição de senha.',
        ],
        legenda: 'A lista de usuários com os papéis de cada conta.',
        telas: ['/usuarios'],
        foto: '/usuarios',
      },
      {
        id: 'permissoes',
        titulo: 'Grupos de permissões e rotas',
        passos: [
          'No menu, abra "Permissões" e edite um grupo de permissões.',
          'Para cada tela (rota), marque visualizar, criar, editar e deletar. O menu e os botões seguem essas marcas, e o servidor recusa o que não estiver marcado.',
          'Em "Rotas" ficam os nomes das telas; as de acesso (Usuários, Permissões, Rotas) não podem ser removidas.',
        ],
        legenda: 'A lista de grupos de permissões.',
        telas: ['/permissoes', '/rotas'],
        foto: '/permissoes',
      },
      {
        id: 'feriados',
        titulo: 'Feriados e dias extras de mercado',
        passos: [
          'No menu, abra "Feriado".',
          'Clique em "Feriados nacionais" para preencher os feriados de um ano, ou em "Adicionar" para um feriado municipal ou um dia extra de mercado.',
          'Num feriado a portaria não aceita romaneios; num dia extra, aceita.',
        ],
        legenda: 'A lista de feriados e dias extras de mercado.',
        telas: ['/feriado'],
        foto: '/feriado',
      },
      {
        id: 'backups',
        titulo: 'Conferir e fazer backups',
        passos: [
          'No menu, abra "Backups": a lista mostra os últimos backups feitos pelo servidor, com a data, o tamanho e a situação.',
          'Uma linha "Falhou" diz o motivo; avise a TI da prefeitura. O horário e a pasta dos backups são configurados no servidor.',
          'Para um backup fora do horário (antes de uma mudança grande, por exemplo), clique em "Fazer backup agora" e confirme em "Fazer backup": o botão fica ocupado até o arquivo ser gravado, o aviso diz o nome do arquivo e a lista mostra a nova linha. Enquanto o backup é gravado as outras telas ficam lentas e, no banco embutido, param até o fim: evite o horário do mercado.',
          'Se o servidor não tiver a pasta dos backups configurada, ou se outro backup estiver em andamento, o aviso diz isso e nada é gravado.',
        ],
        legenda: 'A lista dos backups e o botão "Fazer backup agora".',
        telas: ['/backups'],
        foto: '/backups',
      },
      {
        id: 'municipios',
        titulo: 'Municípios',
        passos: ['No menu, abra "Município" para cadastrar ou corrigir o nome e a sigla do estado. Municípios não são removidos.'],
        legenda: 'A lista de municípios.',
        telas: ['/municipio'],
        foto: '/municipio',
      },
      {
        id: 'segundo-fator',
        titulo: 'Verificação em duas etapas (aplicativo autenticador e códigos de recuperação)',
        passos: [
          'Clique em "Verificação em duas etapas", no grupo "Minha conta" do menu lateral (ou, para super-admin e user-admin, entre pela primeira vez: o sistema leva a esta tela antes de qualquer outra) e em "Cadastrar aplicativo autenticador".',
          'No aplicativo do celular (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis...), leia o QR code, ou digite a chave mostrada abaixo dele, e digite em "Código do aplicativo" os 6 dígitos que ele mostra; clique em "Ativar".',
          'Guarde os dez códigos de recuperação que aparecem (impressos ou num gerenciador de senhas): cada um entra uma única vez sem o celular, no lugar do código do aplicativo.',
          'Daí em diante, depois da senha o sistema pede o "Código de verificação". Perdeu o celular e os códigos? Peça ao super-admin que redefina a sua verificação em Usuários; no próximo acesso você cadastra o aplicativo de novo.',
        ],
        legenda: 'O cadastro do aplicativo autenticador.',
        telas: ['/segundo-fator'],
        foto: '/segundo-fator',
      },
    ],
  },
  {
    id: 'encarregado',
    titulo: 'Encarregado de dados pessoais (LGPD)',
    quem: 'Responde às solicitações dos titulares, exporta e anonimiza os dados de uma pessoa, vê quem leu esses dados e registra os incidentes.',
    tarefas: [
      {
        id: 'titular-solicitacoes',
        titulo: 'Responder às solicitações dos titulares',
        passos: [
          'O titular pede pelo formulário público "/privacidade/solicitar" e confirma pelo link que recebe no e-mail; só então a solicitação aparece aqui.',
          'No menu, abra "Privacidade (LGPD)": a lista mostra cada solicitação com o tipo, a pessoa do CPF/CNPJ, o prazo e a situação. Prazos em vermelho vencem em até 3 dias.',
          'Clique em "Abrir". Para acesso ou portabilidade, baixe "Dados (JSON)" ou "Dados (ZIP)" e anexe-os à resposta por um canal seguro; "Quem leu" mostra quem abriu os dados da pessoa.',
          'Escreva a resposta e clique em "Enviar resposta": ela vai por e-mail ao titular e fica registrada na auditoria.',
          'Para eliminar os dados de quem não tem mais prazo de guarda, informe o motivo e clique em "Anonimizar a pessoa". Se ainda houver prazo, o sistema diz a data em que ele termina.',
        ],
        legenda: 'A fila das solicitações dos titulares, com os prazos.',
        telas: ['/titular'],
        foto: '/titular',
      },
      {
        id: 'incidentes',
        titulo: 'Registrar um incidente de segurança',
        passos: [
          'No menu "Privacidade (LGPD)", clique em "Incidentes" e em "Registrar incidente".',
          'Informe a data em que o incidente foi conhecido, a descrição, as categorias de dados afetadas, quantos titulares e as medidas tomadas, e clique em "Salvar".',
          'O sistema calcula o prazo de 3 dias úteis (sem fins de semana e feriados) para comunicar a ANPD e os titulares. Clique em "Notificação" para o texto a enviar e imprimir.',
          'Um incidente não é removido; use "Corrigir" para completar ou corrigir, e a correção fica na auditoria.',
        ],
        legenda: 'A lista de incidentes com o prazo de comunicação.',
        telas: ['/incidentes'],
        foto: '/incidentes',
      },
    ],
  },
];

/** Every task, in the manual's order. */
export const TAREFAS: Tarefa[] = MANUAL.flatMap((p) => p.tarefas);

/**
 * The manual's section a back-office path is explained in: the task whose screen prefix matches it longest
 * ('/romaneio/edit/12' → the correction, '/romaneio' → the list); the manual's top when none does.
 */
export function secaoDaTela(caminho: string): string {
  let melhor: { id: string; n: number } | null = null;
  for (const t of TAREFAS)
    for (const prefixo of t.telas) {
      const casa =
        caminho === prefixo || caminho.startsWith(prefixo.endsWith('/') ? prefixo : prefixo + '/') || (prefixo.endsWith('/') && caminho.startsWith(prefixo));
      const criar = !casa && caminho === prefixo + 'create';
      if ((casa || criar) && (!melhor || prefixo.length > melhor.n)) melhor = { id: t.id, n: prefixo.length };
    }
  return melhor?.id ?? 'inicio';
}
