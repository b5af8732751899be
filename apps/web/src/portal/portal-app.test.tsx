import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENSAGENS_GOVBR, MSG_CONVITE_INVALIDO, SENHA_CRIADA } from '@ceasa/shared/portal-textos';
import { apiDeTeste, pedidosA, type Pedido, type Resposta } from './api-de-teste';
import { avisoDeSuspensao, SECOES } from './casca';
import { esquecerConfigDoPortal } from './config-do-portal';
import { SENHAS_DIFERENTES } from './convite-page';
import { ENTRAR_COM_GOVBR } from './entrar-page';
import { PortalApp } from './portal-app';
import { definirSessaoDoPortal, iniciarSessaoDoPortal } from './sessao-do-portal';

const SEM_COOKIE: Resposta = [401, { message: 'Sessão expirada ou inválida. Entre novamente.' }];

/** The portal at `endereco`, its session started as the page does; `responder` answers the API. */
async function abrir(endereco: string, responder: (p: Pedido) => Resposta | undefined = () => undefined) {
  history.replaceState(null, '', endereco);
  const pedidos = apiDeTeste(responder);
  definirSessaoDoPortal({ situacao: 'iniciando' });
  render(<PortalApp />);
  await act(() => iniciarSessaoDoPortal());
  return { pedidos, u: userEvent.setup({ delay: null }) };
}
const foraDaSessao = (p: Pedido) => (p.caminho === '/api/portal/sessao/refresh' ? SEM_COOKIE : undefined);

beforeEach(() => esquecerConfigDoPortal());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/portal signed out: the sign-in', () => {
  it("offers 'Entrar com gov.br' when the server has gov.br, and says why gov.br's return failed", async () => {
    await abrir('/portal?govbr=nivel&nivel=bronze', foraDaSessao);
    expect(await screen.findByRole('link', { name: 'Entrar com gov.br' })).toHaveAttribute('href', ENTRAR_COM_GOVBR);
    expect(screen.getByRole('alert')).toHaveTextContent(MENSAGENS_GOVBR.nivel('bronze', 'prata'));
    cleanup();
    esquecerConfigDoPortal();
    await abrir(
      '/portal?govbr=sem-cadastro',
      (p) => foraDaSessao(p) ?? (p.caminho === '/api/portal/config' ? [200, { govbr: false, diasAntecedencia: 7 }] : undefined),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MENSAGENS_GOVBR['sem-cadastro']);
    await screen.findByLabelText('E-mail');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Entrar com gov.br' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Privacidade' })).toHaveAttribute('href', '/privacidade');
  });

  it("shows the server's refusal as it comes, then, signed in, the page asked for with his name and the menu", async () => {
    let entrou = false;
    const { u } = await abrir('/portal/romaneios', (p) => {
      if (p.caminho === '/api/portal/sessao/refresh') return entrou ? undefined : SEM_COOKIE;
      if (p.caminho === '/api/portal/sessao/login') {
        if ((p.corpo as { senha: string }).senha !== 'Senha#certa1') return [401, { message: 'E-mail ou senha inválidos' }];
        entrou = true;
        return [200, { access_token: 'tk', expires_in: 300 }];
      }
      if (p.caminho === '/api/portal/romaneios?size=100') return [200, { content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }];
      return undefined;
    });
    await u.type(screen.getByLabelText('E-mail'), 'maria@horta.test');
    await u.type(screen.getByLabelText('Senha'), 'errada');
    await u.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha inválidos');
    await u.clear(screen.getByLabelText('Senha'));
    await u.type(screen.getByLabelText('Senha'), 'Senha#certa1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Romaneios', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Olá, Maria da Horta')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum romaneio.')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Seções do portal' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(SECOES.map((s) => `/portal/${s.caminho}`));
    expect(within(menu).getByRole('link', { name: 'Romaneios' })).toHaveAttribute('aria-current', 'page');
    // The menu changes the address and the page without reloading it.
    await u.click(within(menu).getByRole('link', { name: 'Chegadas' }));
    expect(location.pathname).toBe('/portal/chegadas');
    expect(await screen.findByRole('heading', { name: 'Chegadas', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma chegada anunciada.')).toBeInTheDocument();
  });
});

describe('/portal/convite: the invited producer chooses his password', () => {
  it('checks the repetition, shows the server refusal of a weak password, then the sign-in says the password was made', async () => {
    const respostas: Resposta[] = [
      [
        400,
        {
          message: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
          fieldErrors: [{ field: 'senha', message: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.' }],
        },
      ],
      [201, { email: 'maria@horta.test' }],
    ];
    const { pedidos, u } = await abrir(
      '/portal/convite?token=tk-123',
      (p) => foraDaSessao(p) ?? (p.caminho === '/api/portal/convites/aceitar' ? respostas.shift() : undefined),
    );
    await u.type(screen.getByLabelText('Senha'), 'flamengo123');
    await u.type(screen.getByLabelText('Repita a senha'), 'flamengo12');
    await u.click(screen.getByRole('button', { name: 'Criar senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SENHAS_DIFERENTES);
    expect(screen.getByLabelText('Repita a senha')).toHaveAttribute('aria-invalid', 'true');
    expect(pedidosA(pedidos, 'POST /api/portal/convites/aceitar')).toHaveLength(0);
    await u.type(screen.getByLabelText('Repita a senha'), '3');
    await u.click(screen.getByRole('button', { name: 'Criar senha' }));
    expect(await screen.findByText('Esta senha é muito comum e fácil de adivinhar. Escolha outra.')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Senha')).toHaveFocus();
    for (const campo of ['Senha', 'Repita a senha']) {
      await u.clear(screen.getByLabelText(campo));
      await u.type(screen.getByLabelText(campo), 'Pepino#Roxo-2026');
    }
    await u.click(screen.getByRole('button', { name: 'Criar senha' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENHA_CRIADA);
    expect(location.pathname + location.search).toBe('/portal?senha=criada');
    expect(screen.getByLabelText('E-mail')).toHaveValue('maria@horta.test');
    expect(pedidosA(pedidos, 'POST /api/portal/convites/aceitar').map((p) => p.corpo)).toEqual([
      { token: 'tk-123', senha: 'flamengo123' },
      { token: 'tk-123', senha: 'Pepino#Roxo-2026' },
    ]);
  });

  it('a link without its token says the invitation is not valid', async () => {
    await abrir('/portal/convite', foraDaSessao);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG_CONVITE_INVALIDO);
    expect(screen.queryByRole('button', { name: 'Criar senha' })).toBeNull();
  });
});

describe('/portal signed in', () => {
  it('says a running suspension, and an unknown address is a page of its own', async () => {
    await abrir('/portal/nada', (p) => (p.caminho === '/api/portal/eu' ? [200, { pessoa: { nome: 'João' }, suspensao: { ate: '2026-12-20' } }] : undefined));
    expect(await screen.findByText(avisoDeSuspensao('2026-12-20'))).toBeInTheDocument();
    expect(screen.getByText('Olá, João')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Página não encontrada', level: 1 })).toBeInTheDocument();
  });

  it('Avisos: the list, and each switch saves the e-mail choice at once; a refusal puts it back and says why', async () => {
    let falhar = false;
    const { pedidos, u } = await abrir('/portal/avisos', (p) => {
      if (p.caminho === '/api/portal/avisos?size=100') {
        const aviso = {
          id: 1,
          tipo: 'inspecao',
          titulo: 'Resultado de inspeção',
          texto: 'A análise do lote 57R203 deu não conforme.',
          criadoEm: '2026-12-02T13:00:00Z',
        };
        return [200, { content: [aviso], totalElements: 1, totalPages: 1, number: 0, size: 100 }];
      }
      if (p.caminho === '/api/portal/avisos/preferencias') {
        if (p.metodo === 'GET') return [200, { inspecao: true, suspensao: true, chegada: true, carencia: false }];
        return falhar ? [400, { message: 'Preferências inválidas' }] : [200, p.corpo];
      }
      return undefined;
    });
    expect(await screen.findByText('A análise do lote 57R203 deu não conforme.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Resultado de inspeção', level: 3 })).toBeInTheDocument();
    const chegada = await screen.findByRole('switch', { name: 'Chegada recebida' });
    expect(screen.getByRole('switch', { name: 'Fim de carência' })).not.toBeChecked();
    await u.click(chegada);
    await waitFor(() => expect(pedidosA(pedidos, 'PUT /api/portal/avisos/preferencias')).toHaveLength(1));
    expect(pedidosA(pedidos, 'PUT /api/portal/avisos/preferencias')[0].corpo).toEqual({ inspecao: true, suspensao: true, chegada: false, carencia: false });
    expect(await screen.findByRole('status')).toHaveTextContent('E-mails de chegada recebida: desligados.');
    expect(chegada).not.toBeChecked();
    falhar = true;
    await u.click(screen.getByRole('switch', { name: 'Suspensão na portaria' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Preferências inválidas');
    expect(screen.getByRole('switch', { name: 'Suspensão na portaria' })).toBeChecked();
  });

  it("Meus dados: downloads the file under the server's name, and sends a correction request", async () => {
    const baixados: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      baixados.push(this.download);
    });
    const { pedidos, u } = await abrir('/portal/meus-dados', (p) => {
      if (p.caminho === '/api/portal/meus-dados')
        return [200, { pessoa: { nome: 'Maria' } }, { 'content-disposition': 'attachment; filename="meus-dados-2026-12-02.json"' }];
      if (p.caminho === '/api/portal/meus-dados?formato=zip') return [200, {}, { 'content-disposition': "attachment; filename*=UTF-8''meus-dados%202026.zip" }];
      if (p.caminho !== '/api/portal/correcao') return undefined;
      if ((p.corpo as { texto: string }).texto) return [201, { message: 'Pedido de correção registrado.' }];
      return [400, { message: 'Descreva a correção', fieldErrors: [{ field: 'texto', message: 'Descreva a correção' }] }];
    });
    await u.click(await screen.findByRole('button', { name: 'Baixar meus dados (JSON)' }));
    expect(await screen.findByText('Arquivo meus-dados-2026-12-02.json baixado.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Baixar em ZIP (planilhas e foto)' }));
    expect(await screen.findByText('Arquivo meus-dados 2026.zip baixado.')).toBeInTheDocument();
    expect(baixados).toEqual(['meus-dados-2026-12-02.json', 'meus-dados 2026.zip']);
    await u.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText('Descreva a correção', { selector: 'small' })).toBeInTheDocument();
    expect(screen.getByLabelText('O que está errado e como deve ficar')).toHaveAttribute('aria-invalid', 'true');
    await u.type(screen.getByLabelText('O que está errado e como deve ficar'), 'O telefone certo é (31) 98888-7777');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText('Pedido de correção registrado.')).toBeInTheDocument();
    expect(pedidosA(pedidos, 'POST /api/portal/correcao').map((p) => p.corpo)).toEqual([{ texto: '' }, { texto: 'O telefone certo é (31) 98888-7777' }]);
  });
});
