import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call } from '../../../test/helpers';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirGrupo,
  inserirLoja,
  inserirLojaItem,
  inserirMunicipio,
  inserirPessoa,
  inserirPreco,
  inserirProduto,
  inserirPropriedade,
  inserirRomaneio,
  inserirRomaneioItem,
} from '../../../test/fabricas';

let tomate: number;
let banana: number;
let alface: number;

const t = appDeTeste();
beforeAll(async () => {
  const hortas = await inserirGrupo(t.app, 'Tomate', 'CX 20kg');
  const frutas = await inserirGrupo(t.app, 'Banana', 'CX 18kg');
  const folhas = await inserirGrupo(t.app, 'Folhosas', 'UN');
  tomate = await inserirProduto(t.app, hortas, 'Tomate Italiano', { peso: 20 });
  banana = await inserirProduto(t.app, frutas, 'Banana Prata', { peso: 18 });
  alface = await inserirProduto(t.app, folhas, 'Alface Crespa', { peso: 1 });

  const ibiuna = await inserirMunicipio(t.app, 'Ibiúna');
  const mogi = await inserirMunicipio(t.app, 'Mogi das Cruzes');
  const piedade = await inserirMunicipio(t.app, 'Piedade');
  const produtor = await inserirPessoa(t.app, 'João Produtor', 1);
  const tecnico = await inserirPessoa(t.app, 'Ana Técnica', 2);
  const lojista = await inserirPessoa(t.app, 'Loja do Zé', 3);
  const sitio = await inserirPropriedade(t.app, 'Sítio Ibiúna', ibiuna, produtor);
  const chacara = await inserirPropriedade(t.app, 'Chácara Piedade', piedade, produtor);
  const b1 = await inserirBoletim(t.app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: sitio, dataEmissao: '2024-02-01' });
  const b2 = await inserirBoletim(t.app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: chacara, dataEmissao: '2024-02-01' });
  const biTomateIbiuna = await inserirBoletimItem(t.app, b1, tomate, '2024-02-01', '2024-06-30');
  const biBananaIbiuna = await inserirBoletimItem(t.app, b1, banana, '2024-02-01', '2024-06-30');
  const biTomatePiedade = await inserirBoletimItem(t.app, b2, tomate, '2024-02-01', '2024-06-30');

  const r1 = await inserirRomaneio(t.app, produtor, '2024-03-04', 1001);
  await inserirRomaneioItem(t.app, r1, tomate, 10, biTomateIbiuna); // 200 kg Ibiúna
  await inserirRomaneioItem(t.app, r1, tomate, 2.5, biTomatePiedade); // 50 kg Piedade
  await inserirRomaneioItem(t.app, r1, banana, 3, biBananaIbiuna); // 54 kg Ibiúna
  const r2 = await inserirRomaneio(t.app, produtor, '2024-03-07', 1002);
  await inserirRomaneioItem(t.app, r2, tomate, 5, biTomateIbiuna); // +100 kg Ibiúna
  await inserirRomaneioItem(t.app, r2, alface, 4, null); // no bulletin item: origin unknown
  const r3 = await inserirRomaneio(t.app, produtor, '2024-05-01', 1003);
  await inserirRomaneioItem(t.app, r3, tomate, 100, biTomateIbiuna); // out of the period

  const l1 = await inserirLoja(t.app, lojista, '2024-03-05');
  await inserirLojaItem(t.app, l1, tomate, 1.5, mogi); // 30 kg Mogi
  await inserirLojaItem(t.app, l1, alface, 10, ibiuna); // 10 kg Ibiúna
  const l2 = await inserirLoja(t.app, lojista, '2024-02-28');
  await inserirLojaItem(t.app, l2, banana, 100, mogi); // out of the period

  await inserirPreco(t.app, tomate, '2024-03-04', '100.00');
  await inserirPreco(t.app, tomate, '2024-03-07', '110.00');
  await inserirPreco(t.app, tomate, '2024-04-01', '50.00'); // out of the period
  await inserirPreco(t.app, alface, '2024-03-04', '3.33');
  await inserirPreco(t.app, alface, '2024-03-20', '3.34');
});

const vaf = (token: string | null, payload: unknown) => call(t.app, token, { method: 'POST', url: '/api/precos/vaf', payload: payload as object });

describe('precos/vaf', () => {
  it('totals kg per product and municipality of origin, with the average price of the period', async () => {
    const r = await vaf(t.agro, { dataInicial: '2024-03-01', dataFinal: '2024-03-31' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: alface, nome: 'Alface Crespa', unPadrao: 'UN', valorUn: 3.34, municipio: 'Ibiúna', total: 10 },
      { id: alface, nome: 'Alface Crespa', unPadrao: 'UN', valorUn: 3.34, municipio: null, total: 4 },
      { id: banana, nome: 'Banana Prata', unPadrao: 'CX 18kg', valorUn: null, municipio: 'Ibiúna', total: 54 },
      { id: tomate, nome: 'Tomate Italiano', unPadrao: 'CX 20kg', valorUn: 105, municipio: 'Ibiúna', total: 300 },
      { id: tomate, nome: 'Tomate Italiano', unPadrao: 'CX 20kg', valorUn: 105, municipio: 'Mogi das Cruzes', total: 30 },
      { id: tomate, nome: 'Tomate Italiano', unPadrao: 'CX 20kg', valorUn: 105, municipio: 'Piedade', total: 50 },
    ]);
  });

  it('includes both ends of the period', async () => {
    const r = await vaf(t.userAdmin, { dataInicial: '2024-03-07', dataFinal: '2024-03-07' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: alface, nome: 'Alface Crespa', unPadrao: 'UN', valorUn: null, municipio: null, total: 4 },
      { id: tomate, nome: 'Tomate Italiano', unPadrao: 'CX 20kg', valorUn: 110, municipio: 'Ibiúna', total: 100 },
    ]);
  });

  it('answers an empty list when nothing moved', async () => {
    const r = await vaf(t.admin, { dataInicial: '2020-01-01', dataFinal: '2020-12-31' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it('refuses a bad period with pt-BR messages', async () => {
    const invertido = await vaf(t.admin, { dataInicial: '2024-03-31', dataFinal: '2024-03-01' });
    expect(invertido.status).toBe(400);
    expect(invertido.body.message).toBe('A data inicial não pode ser posterior à data final');
    expect(invertido.body.fieldErrors).toEqual([{ field: 'dataFinal', message: 'A data inicial não pode ser posterior à data final' }]);
    const vazio = await vaf(t.admin, {});
    expect(vazio.status).toBe(400);
    expect(vazio.body.fieldErrors).toEqual([
      { field: 'dataInicial', message: 'A data inicial é obrigatória' },
      { field: 'dataFinal', message: 'A data final é obrigatória' },
    ]);
    const invalida = await vaf(t.admin, { dataInicial: '31/03/2024', dataFinal: '2024-13-01' });
    expect(invalida.status).toBe(400);
    expect(invalida.body.fieldErrors.map((f: { message: string }) => f.message)).toEqual(['A data inicial é inválida', 'A data final é inválida']);
  });

  it('needs a token and the vaf permission', async () => {
    const corpo = { dataInicial: '2024-03-01', dataFinal: '2024-03-31' };
    expect((await vaf(null, corpo)).status).toBe(401);
    const r = await vaf(t.semPerfil, corpo);
    expect(r.status).toBe(403);
    // group 2 without the vaf flag
    const ge = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/2' });
    const sem = ge.body.permissoes.filter((p: { rotaNome: string }) => p.rotaNome !== 'vaf');
    expect((await call(t.app, t.admin, { method: 'PUT', url: '/api/grupoPermissoes', payload: { id: 2, nome: ge.body.nome, permissoes: sem } })).status).toBe(
      200,
    );
    const agroSem = await vaf(t.agro, corpo);
    expect(agroSem.status).toBe(403);
    expect(agroSem.body.message).toBe('Você não tem permissão para visualizar em vaf.');
  });
});
