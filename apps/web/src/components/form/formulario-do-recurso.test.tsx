import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { data, idOpcional, referencia, rotulosDoNome, texto, textoOpcional, versaoEntrada, type Recurso } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { renderizarTela } from '../../lib/tela-de-teste';
import { FormularioDoRecurso } from './formulario-do-recurso';

/** The API client is mocked (no server). */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);
/** The years each date field was given (its calendar's `yearRange`). */
const anosDasDatas: (string | undefined)[] = [];
vi.mock('./fields', async (original) => {
  const o = await original<typeof import('./fields')>();
  return { ...o, DateField: (p: Parameters<typeof o.DateField>[0]) => (anosDasDatas.push(p.yearRange), o.DateField(p)) };
});

const nome = { singular: 'Bairro', plural: 'Bairros', genero: 'm' } as const;
/** A flat resource as a declaration makes it: a text, a reference to the municipalities, a date and an enum. */
const bairro: Recurso = {
  rota: 'feriado',
  nome,
  menu: { rotulo: 'Bairro', icone: 'pi pi-map' },
  caminhos: { lista: '/bairro', novo: '/bairrocreate', editar: '/bairro/edit/:id' },
  api: {
    base: 'bairro',
    registro: z.object({}),
    entrada: z.object({
      id: idOpcional,
      versao: versaoEntrada,
      nome: texto('O nome é obrigatório', 60, 'O nome deve ter no máximo 60 caracteres'),
      municipioId: referencia('Município é obrigatório'),
      fundacao: data('A data é obrigatória'),
      tipo: z.enum(['urbano', 'rural'], { error: 'O tipo é obrigatório' }),
    }),
  },
  rotulos: rotulosDoNome(nome),
  campos: {
    nome: { rotulo: 'Nome' },
    municipioId: { rotulo: 'Município' },
    fundacao: { rotulo: 'Data de fundação' },
    tipo: { rotulo: 'Tipo', opcoes: { urbano: 'Urbano', rural: 'Rural' } },
  },
};
const CENTRO = { id: 1, versao: 1, nome: 'Centro', municipioId: 3, fundacao: '2016-07-16', tipo: 'urbano' };

const renderizar = (caminho: string) =>
  renderizarTela(caminho, {
    '/bairro': <p>Lista de bairros</p>,
    '/bairrocreate': <FormularioDoRecurso recurso={bairro} />,
    '/bairro/edit/:id': <FormularioDoRecurso recurso={bairro} />,
  });

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path, o) => {
    if (path === 'municipio/findAllBasic') return [{ id: 3, nome: 'Imperatriz', sigla: 'MA' }] as never;
    return (o?.method === 'PUT' ? { ...CENTRO, ...(o.body as object), versao: 2 } : CENTRO) as never;
  });
});
afterEach(() => cleanup());
configure({ asyncUtilTimeout: 5_000 });

describe('FormularioDoRecurso', { timeout: 30_000 }, () => {
  it('makes the form of a declaration’s fields, in order, the first focused, checked by the input schema', async () => {
    renderizar('/bairrocreate');
    expect(screen.getByRole('heading', { name: 'Novo Bairro' })).toBeInTheDocument();
    const rotulos = [...document.querySelectorAll('form label')].map((l) => l.textContent);
    expect(rotulos).toEqual(['Nome', 'Município', 'Data de fundação', 'Tipo']);
    expect(screen.getByLabelText('Nome')).toHaveFocus();
    // The input's limit is the schema's.
    expect(screen.getByLabelText('Nome')).toHaveAttribute('maxLength', '60');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Município é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A data é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('O tipo é obrigatório')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method)).toEqual([]);
  });

  it('loads a record into its fields (the reference by its label, the date as typed) and saves it with its versao', async () => {
    renderizar('/bairro/edit/1');
    expect(await screen.findByRole('heading', { name: 'Editar Bairro' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue('Centro'));
    await waitFor(() => expect(screen.getByLabelText('Município')).toHaveValue('Imperatriz - MA'));
    expect(screen.getByLabelText('Data de fundação')).toHaveValue('16/07/2016');
    expect(screen.getByLabelText('Tipo')).toHaveValue('Urbano');
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Centro Histórico' } });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Cadastro atualizado!')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'PUT')).toEqual([['bairro', { method: 'PUT', body: { ...CENTRO, nome: 'Centro Histórico' } }]]);
  });

  it('starts a field at its `padrao`, picks a text from the server’s list (`opcoesDe`), and leaves a column only out', async () => {
    const lote: Recurso = {
      ...bairro,
      campos: {
        id: { rotulo: 'Código', formulario: false },
        nome: { rotulo: 'Nome' },
        peso: { rotulo: 'Peso (kg)', formato: 'decimal', padrao: 1 },
        situacao: { rotulo: 'Situação', opcoesDe: 'situacoes', padrao: 'ATIVO' },
        municipioId: { rotulo: 'Município' },
      },
      api: {
        ...bairro.api!,
        entrada: z.object({
          id: idOpcional,
          nome: texto('O nome é obrigatório'),
          peso: z.union([z.number(), z.string()]).transform(Number),
          situacao: texto('A situação é obrigatória'),
          municipioId: referencia('Município é obrigatório'),
        }),
      },
    };
    apiMock.mockImplementation(async (path) => (path === 'situacoes' ? ['ATIVO', 'INATIVO'] : []) as never);
    renderizarTela('/bairrocreate', { '/bairrocreate': <FormularioDoRecurso recurso={lote} /> });
    expect([...document.querySelectorAll('form label')].map((l) => l.textContent)).toEqual(['Nome', 'Peso (kg)', 'Situação', 'Município']);
    expect(screen.getByLabelText('Peso (kg)')).toHaveValue('1,00');
    await waitFor(() => expect(screen.getByLabelText('Situação')).toHaveValue('ATIVO'));
    // A reference's empty list says so in the words of the resource it names (the municipalities).
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Município'), 'x{Enter}');
    expect(await screen.findByText('Nenhum município encontrado')).toBeInTheDocument();
  });

  /** A resource with one field of each kind a declaration names beyond its schema's shape. */
  const NOME_LOJA = { singular: 'Loja', plural: 'Lojas', genero: 'f' } as const;
  const obrigatorio = (m: string) => z.union([z.number({ error: m }), z.string({ error: m })], { error: m });
  const loja: Recurso = {
    ...bairro,
    nome: NOME_LOJA,
    rotulos: rotulosDoNome(NOME_LOJA),
    api: {
      ...bairro.api!,
      base: 'loja',
      entrada: z.object({
        id: idOpcional,
        versao: versaoEntrada,
        pessoaId: referencia('A pessoa é obrigatória'),
        abertura: data('A data é obrigatória'),
        cep: textoOpcional(8),
        endereco: textoOpcional(),
        valor: obrigatorio('O valor é obrigatório').transform(Number),
        divida: obrigatorio('A dívida é obrigatória').transform(Number),
        pronaf: z.preprocess((v) => v, z.boolean()),
        ativo: z.boolean(),
      }),
    },
    campos: {
      pessoaId: {
        rotulo: 'Pessoa',
        referencia: { caminho: 'pessoa/pessoaAll', rotulo: ['nome'], vazio: 'Nenhuma pessoa encontrada', erro: 'Erro ao obter pessoas' },
      },
      abertura: { rotulo: 'Abertura', padrao: () => '2001-02-03', anos: () => '2000:2001' },
      cep: { rotulo: 'CEP', mascara: 'cep' },
      endereco: { rotulo: 'Endereço' },
      valor: { rotulo: 'Valor', formato: 'moeda' },
      divida: { rotulo: 'Dívida', divida: true },
      pronaf: { rotulo: 'Pronaf', opcoes: { true: 'SIM', false: 'NÃO' }, padrao: false },
      ativo: { rotulo: 'Ativa', caixa: true, padrao: true, opcoes: { true: 'Ativa', false: 'Nao Ativa' } },
    },
    formulario: {
      titulo: { novo: 'Nova Lojinha', editar: 'Editar Lojinha {id}' },
      mensagens: { criado: 'Lojinha criada!', atualizado: 'Lojinha atualizada!', erro: 'Erro ao salvar a lojinha.' },
    },
  };
  const LOJA = { id: 5, versao: 1, pessoaId: 9, abertura: '2000-05-06', cep: null, endereco: null, valor: 1550, divida: 42, pronaf: true, ativo: false };
  const rotasDaLoja = {
    '/bairro': <p>Lista de bairros</p>,
    '/bairrocreate': <FormularioDoRecurso recurso={loja} />,
    '/bairro/edit/:id': <FormularioDoRecurso recurso={loja} />,
  };

  it('edits each kind of field a declaration names: a masked text, money, a debt, yes/no as a pick list and as a checkbox, a named list', async () => {
    apiMock.mockImplementation(async (path, o) => {
      if (path === 'pessoa/pessoaAll') return [{ id: 9, nome: 'Ana' }] as never;
      if (path === 'loja/divida/42') return { numero: 42, nomeContribuinte: 'Ana', valorPgto: 10 } as never;
      return (o?.method ? { ...LOJA, id: 6 } : LOJA) as never;
    });
    renderizarTela('/bairrocreate', rotasDaLoja);
    expect(screen.getByRole('heading', { name: 'Nova Lojinha' })).toBeInTheDocument();
    // Each starts at its `padrao` (a function's value read now), a text and a masked text empty.
    expect(screen.getByLabelText('Abertura')).toHaveValue('03/02/2001');
    expect(screen.getByLabelText('CEP')).toHaveValue('');
    expect(screen.getByLabelText('Pronaf')).toHaveValue('NÃO');
    expect(screen.getByRole('checkbox', { name: 'Ativa' })).toBeChecked();
    // An empty required number shows its schema's own words.
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O valor é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A dívida é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('A pessoa é obrigatória')).toBeInTheDocument();

    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Pessoa'), 'Ana{Enter}');
    await u.type(screen.getByLabelText('CEP'), '65800000');
    expect(screen.getByLabelText('CEP')).toHaveValue('65800-000');
    await u.type(screen.getByLabelText('Valor'), '1550');
    await u.type(screen.getByLabelText('Dívida'), '42');
    await u.click(screen.getByLabelText('Endereço'));
    expect(screen.getByLabelText<HTMLInputElement>('Valor').value).toMatch(/^R\$\s1\.550,00$/);
    // The debt is looked up on leaving it, under the resource's base.
    expect(await screen.findByText('Ana — R$ 10,00', { selector: 'small' })).toBeInTheDocument();
    expect(apiMock).toHaveBeenCalledWith('loja/divida/42');
    await u.type(screen.getByLabelText('Pronaf'), 'SIM{Enter}');
    await u.click(screen.getByRole('checkbox', { name: 'Ativa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lojinha criada!')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method)).toEqual([
      [
        'loja',
        { method: 'POST', body: { pessoaId: 9, abertura: '2001-02-03', cep: '65800000', endereco: null, valor: 1550, divida: 42, pronaf: true, ativo: false } },
      ],
    ]);
  });

  it('loads a record with its texts null as empty fields, titled by its fields, and says when a named list cannot be loaded', async () => {
    apiMock.mockImplementation(async (path, o) => {
      if (path === 'pessoa/pessoaAll') throw new Error('Falhou');
      if (o?.method === 'PUT') throw new Error('Recusado');
      return LOJA as never;
    });
    renderizarTela('/bairro/edit/5', rotasDaLoja);
    expect(await screen.findByRole('heading', { name: 'Editar Lojinha 5' })).toBeInTheDocument();
    expect(await screen.findByText('Erro ao obter pessoas')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Valor').value).toMatch(/^R\$\s1\.550,00$/));
    expect(screen.getByLabelText('CEP')).toHaveValue('');
    expect(screen.getByLabelText('Pronaf')).toHaveValue('SIM');
    expect(screen.getByRole('checkbox', { name: 'Ativa' })).not.toBeChecked();
    // The date's calendar offers the declared years.
    expect(anosDasDatas).toContain('2000:2001');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Erro ao salvar a lojinha.')).toBeInTheDocument();
    expect(apiMock.mock.calls.find(([, o]) => o?.method === 'PUT')?.[1]?.body).toMatchObject({ cep: null, endereco: null, valor: 1550, divida: 42 });
  });
});
