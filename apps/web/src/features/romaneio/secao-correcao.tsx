import { useEffect, useRef, useState } from 'react';
import { quantidadeItem, type Romaneio } from '@ceasa/shared';
import type { ResourceFormState } from '../../components/form/use-resource-form';
import { AvisoVersaoDesatualizada, versaoDesatualizada } from '../../components/form/versao-desatualizada';
import { useItensNoServidor } from '../../components/form/use-itens-no-servidor';
import { CorrecaoRomaneio } from './romaneio-correcao';
import type { ItemForm, RomaneioForm } from './romaneio-lote';

type FormDoRomaneio = ResourceFormState<RomaneioForm, Romaneio>;

/**
 * The edit mode's state: the romaneio's `versao` as this page holds it (each quantity and correction sends it, a stale
 * one is the server's 409), whether the page is out of date, and the quantity saved on leaving its cell.
 */
export function useEdicaoDoRomaneio(f: FormDoRomaneio) {
  const versao = useRef<number | undefined>(undefined);
  useEffect(() => {
    versao.current = f.registro?.versao;
  }, [f.registro]);
  const [desatualizado, setDesatualizado] = useState(false);
  const noServidor = useItensNoServidor<RomaneioForm, ItemForm>({
    form: f.form,
    name: 'itens',
    base: 'romaneioitens',
    itens: f.registro?.itens,
    ativo: f.editando,
    quantidade: quantidadeItem,
    nome: (i) => `${i.produtoNome} do Romaneio ${f.registro?.id ?? ''}`.trim(),
    versao,
    aoRecusar: (e) => {
      if (versaoDesatualizada(e)) setDesatualizado(true);
    },
  });
  return { versao, desatualizado, setDesatualizado, aoSairDaQuantidade: noServidor.aoSair };
}

/**
 * The romaneio's edit-mode section (below the items): the notice that the page is out of date (reload it), and the
 * correction with a reason (CorrecaoRomaneio).
 */
export function SecaoCorrecao(p: { f: FormDoRomaneio; edicao: ReturnType<typeof useEdicaoDoRomaneio> }) {
  const { f, edicao } = p;
  if (!f.editando) return null;
  return (
    <>
      {edicao.desatualizado && <AvisoVersaoDesatualizada onRecarregar={() => void f.recarregarRegistro().then(() => edicao.setDesatualizado(false))} />}
      {f.registro && (
        <CorrecaoRomaneio registro={f.registro} versao={edicao.versao} aoCorrigir={f.recarregarRegistro} aoDesatualizar={() => edicao.setDesatualizado(true)} />
      )}
    </>
  );
}
