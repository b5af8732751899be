import { useEffect, useMemo, useState, type MutableRefObject } from 'react';
import {
  colheitaContem,
  MOTIVO_OBRIGATORIO,
  PRODUTO_JA_ADICIONADO,
  quantidadeItem,
  type BoletimItemProduto,
  type Romaneio,
  type RomaneioItem,
} from '@ceasa/shared';
import { versaoDesatualizada } from '../../components/form/versao-desatualizada';
import { api, type ApiError } from '../../lib/api-client';
import { enviarConfirmando, perguntar, RECUSADO } from '../../lib/confirmacao';
import { useToast } from '../../lib/toast';
import { useItensDoProdutor, usePedrasLivres } from './api';
import { lerQuantidade } from './busca';
import { confirmarAvisos } from './confirmar-avisos';

/** A product to add: the producer's bulletin item harvestable on the romaneio's date and the quantity typed. */
export type Inclusao = { item: BoletimItemProduto; quantidade: number };

export type PropsDaCorrecao = {
  registro: Romaneio;
  /** The romaneio's `versao` as this page last saw it (the quantity cells raise it too). */
  versao: MutableRefObject<number | undefined>;
  /** After a correction was saved (the page reads the romaneio again). */
  aoCorrigir: () => Promise<void> | void;
  /** A stale `versao`: the page shows its 'Recarregar' notice. */
  aoDesatualizar: () => void;
};

/** The stalls free on the romaneio's date, its own among them (its own stalls are free to it). */
function useLivresParaEste(r: Romaneio, datas: string[]) {
  const livres = usePedrasLivres(datas, true);
  const lista = useMemo(
    () =>
      livres.data
        ? [...r.pedras.map((x) => ({ id: x.pedrasId, numero: x.pedrasNumero })), ...livres.data].sort((a, b) =>
            a.numero.trim().localeCompare(b.numero.trim(), 'pt-BR', { numeric: true }),
          )
        : undefined,
    [livres.data, r.pedras],
  );
  return { lista, carregando: livres.isFetching };
}

/** The products to add: the product and quantity typed, checked, then listed until the correction is saved. */
function useInclusoes(r: Romaneio, removidos: Set<number>) {
  const datas = useMemo(() => [r.dataEmissao], [r.dataEmissao]);
  const doProdutor = useItensDoProdutor(r.pessoaId, datas, true);
  const [inclusoes, setInclusoes] = useState<Inclusao[]>([]);
  const [produto, setProduto] = useState<number | null>(null);
  const [quantidade, setQuantidade] = useState('');
  const [erroInclusao, setErroInclusao] = useState<string>();

  const oferecidos = (doProdutor.data ?? []).filter((i) => colheitaContem(i, r.dataEmissao));
  const opcoes = oferecidos.map((i) => ({ label: `${i.produtoNome} (${i.produtoEmbalagem})`, value: i.id, busca: `${i.produtoNome} ${i.produtoEmbalagem}` }));

  const incluir = () => {
    const item = oferecidos.find((i) => i.id === produto);
    const q = quantidadeItem.safeParse(lerQuantidade(quantidade) ?? undefined);
    const ja = new Set([...r.itens.filter((i) => !removidos.has(i.id)).map((i) => i.boletimItensId), ...inclusoes.map((i) => i.item.id)]);
    if (!item) return setErroInclusao('O produto é obrigatório');
    if (ja.has(item.id)) return setErroInclusao(PRODUTO_JA_ADICIONADO);
    if (!q.success) return setErroInclusao(q.error.issues[0].message);
    setErroInclusao(undefined);
    setInclusoes((l) => [...l, { item, quantidade: q.data }]);
    setProduto(null);
    setQuantidade('');
    document.getElementById('correcao-produto')?.focus();
  };

  return { inclusoes, setInclusoes, produto, setProduto, quantidade, setQuantidade, erroInclusao, incluir, opcoes, carregando: doProdutor.isFetching };
}

/** After a correction that added products: the offer to print only their labels. */
function oferecerEtiquetas(novo: Romaneio, novos: RomaneioItem[], mostrar: (r: Romaneio) => void) {
  void perguntar(`A correção incluiu ${novos.length === 1 ? '1 produto' : `${novos.length} produtos`}: imprimir só as etiquetas que mudaram?`, {
    header: 'Etiquetas',
    icone: 'pi pi-tags',
    acceptLabel: 'Imprimir etiquetas alteradas',
    rejectLabel: 'Agora não',
    focoEmSim: true,
  }).then((sim) => sim && mostrar({ ...novo, itens: novos }));
}

/** The PUT romaneio of a correction: the romaneio as saved, less the products removed, plus those added. */
function corpoDaCorrecao(r: Romaneio, versao: number | undefined, c: { motivo: string; pedras: number[]; removidos: Set<number>; inclusoes: Inclusao[] }) {
  const avulsa = r.pedras.some((x) => x.ocupacao === 'avulsa');
  return {
    id: r.id,
    versao,
    dataEmissao: r.dataEmissao,
    divida: r.divida,
    pessoaId: r.pessoaId,
    motivo: c.motivo.trim(),
    pedras: c.pedras.map((pedrasId) => ({ pedrasId, ocupacao: avulsa ? 'avulsa' : null })),
    itens: [
      ...r.itens
        .filter((i) => !c.removidos.has(i.id))
        .map((i) => ({ id: i.id, produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId })),
      ...c.inclusoes.map((i) => ({ produtoId: i.item.produtoId, quantidade: i.quantidade, boletimItensId: i.item.id })),
    ],
  };
}

/**
 * A saved romaneio's correction: what is removed, added, the stalls and the reason, saved in one PUT romaneio with the
 * romaneio's `versao`.
 */
export function useCorrecaoRomaneio(p: PropsDaCorrecao) {
  const r = p.registro;
  const toast = useToast();
  const datas = useMemo(() => [r.dataEmissao], [r.dataEmissao]);
  const livres = useLivresParaEste(r, datas);
  const [removidos, setRemovidos] = useState<Set<number>>(new Set());
  const inc = useInclusoes(r, removidos);
  const [pedras, setPedras] = useState<number[]>(r.pedras.map((x) => x.pedrasId));
  const [motivo, setMotivo] = useState('');
  const [erroMotivo, setErroMotivo] = useState<string>();
  const [salvando, setSalvando] = useState(false);
  const [etiquetas, setEtiquetas] = useState<Romaneio | null>(null);
  // The romaneio read again (after a correction): its stalls as saved.
  useEffect(() => setPedras(r.pedras.map((x) => x.pedrasId)), [r.pedras]);

  const mudou =
    removidos.size > 0 ||
    inc.inclusoes.length > 0 ||
    [...pedras].sort().join(',') !==
      r.pedras
        .map((x) => x.pedrasId)
        .sort()
        .join(',');

  const gravar = async () => {
    const corpo = corpoDaCorrecao(r, p.versao.current, { motivo, pedras, removidos, inclusoes: inc.inclusoes });
    setSalvando(true);
    try {
      // The server's questions (decision 0294) asked in the one dialog, then the same correction confirming them.
      const novo = await enviarConfirmando(
        (confirmar) => api<Romaneio>('romaneio', { method: 'PUT', body: confirmar ? { ...corpo, confirmar } : corpo }),
        confirmarAvisos('Confirmar a correção', 'avisos-da-correcao'),
      );
      p.versao.current = novo.versao;
      toast.show('success', 'Romaneio corrigido!', motivo.trim());
      const antes = new Set(r.itens.map((i) => i.id));
      const novos: RomaneioItem[] = novo.itens.filter((i) => !antes.has(i.id));
      setRemovidos(new Set());
      inc.setInclusoes([]);
      setMotivo('');
      await p.aoCorrigir();
      if (novos.length) oferecerEtiquetas(novo, novos, setEtiquetas);
    } catch (err) {
      // 'Voltar' on a question: nothing saved, the correction stays as typed.
      if (err === RECUSADO) return;
      const e = err as ApiError;
      if (versaoDesatualizada(e)) p.aoDesatualizar();
      toast.show('error', 'Erro ao corrigir o romaneio!', e.message);
    } finally {
      setSalvando(false);
    }
  };

  const salvar = () => {
    if (!mudou) return toast.show('warn', 'Nada a corrigir', 'Inclua ou remova um produto, ou troque as pedras.');
    if (!motivo.trim()) {
      setErroMotivo(MOTIVO_OBRIGATORIO);
      document.getElementById('correcao-motivo')?.focus();
      return;
    }
    setErroMotivo(undefined);
    void gravar();
  };

  const mudarMotivo = (v: string) => {
    setMotivo(v);
    if (erroMotivo) setErroMotivo(undefined);
  };

  return { livres, removidos, setRemovidos, inc, pedras, setPedras, motivo, mudarMotivo, erroMotivo, salvando, salvar, etiquetas, setEtiquetas };
}
