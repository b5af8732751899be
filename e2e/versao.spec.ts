import { MSG_VERSAO_DESATUALIZADA } from '@ceasa/shared';
import { apiAdmin, entrar, expect, sufixoUnico, test, toast } from './support';
import { produtoGrupo } from './fabricas';

/**
 * Stale saves are refused (decision 0085): two browser sessions open the same
 * record; the first saves; the second's save is refused with the message and 'Recarregar' brings
 * the first one's changes into its form, which then saves.
 */
test('Dois usuários editam o mesmo registro: o segundo é avisado e pode recarregar', async ({ page, browser, request }) => {
  const nome = `Versão E2E ${sufixoUnico()}`;
  const g = await produtoGrupo(request, { nome, unPadrao: 'kg' });
  const outro = await browser.newContext();
  const segunda = await outro.newPage();
  try {
    await entrar(page);
    await entrar(segunda);
    for (const p of [page, segunda]) {
      await p.goto(`/produtoGrupo/edit/${g.id}`);
      await expect(p.getByLabel('Nome', { exact: true })).toHaveValue(nome);
    }

    await page.getByLabel('Nome', { exact: true }).fill(`${nome} (primeira)`);
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await toast(page, 'Cadastro atualizado!');

    await segunda.getByLabel('Un Padrão').fill('cx');
    await segunda.getByRole('button', { name: 'Atualizar' }).click();
    await expect(segunda.getByTestId('versao-desatualizada')).toContainText(MSG_VERSAO_DESATUALIZADA);
    // Nothing of the stale save was written.
    expect(await apiAdmin(request, 'GET', `produtoGrupo/${g.id}`)).toMatchObject({ nome: `${nome} (primeira)`, unPadrao: 'kg', versao: 2 });

    await segunda.getByRole('button', { name: 'Recarregar' }).click();
    await expect(segunda.getByLabel('Nome', { exact: true })).toHaveValue(`${nome} (primeira)`);
    await expect(segunda.getByTestId('versao-desatualizada')).toHaveCount(0);
    await segunda.getByLabel('Un Padrão').fill('cx');
    await segunda.getByRole('button', { name: 'Atualizar' }).click();
    await toast(segunda, 'Cadastro atualizado!');
    expect(await apiAdmin(request, 'GET', `produtoGrupo/${g.id}`)).toMatchObject({ nome: `${nome} (primeira)`, unPadrao: 'cx', versao: 3 });
  } finally {
    await outro.close();
  }
});
