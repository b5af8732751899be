import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState, type MutableRefObject } from 'react';
import {
  colheitaContem,
  formatDate,
  MOTIVO_OBRIGATORIO,
  PRODUTO_JA_ADICIONADO,
  quantidadeItem,
  type BoletimItemProduto,
  type Romaneio,
  type RomaneioItem,
} from '@ceasa/shared';
import { PrintDialog } from '../../components/print/print-dialog';
import { versaoDesatualizada } from '../../components/form/versao-desatualizada';
import { api, type ApiError } from '../../lib/api-client';
import { enviarConfirmando, RECUSADO } from '../../lib/confirmacao';
import { useToast } from '../../lib/toast';
import { useItensDoProdutor, usePedrasLivres } from './api';
import { BUSCA_DA_PORTARIA, lerQuantidade } from './busca';
import { CampoBusca } from '../../components/form/campo-busca';
import { CampoPedras } from './campo-pedras';
import { perguntar } from '../../lib/confirmacao';
import { confirmarAvisos } from './confirmar-avisos';
import { AvisoQrLocal, EtiquetasRomaneio } from './romaneio-etiquetas';

/** A product to add: the producer's bulletin item harvestable on the romaneio's date and the quantity typed. */
type Inclusao = { item: BoletimItemProduto; quantidade: number };

/**
 * A saved romaneio's correction, on its edit page: products added (the producer's bulletin items
 * harvestable on its date) or removed, its stalls changed to others free on its date, and the reason, all saved in one
 * PUT romaneio with the romaneio's `versao`; the audit log keeps the reason with the before and after. Then the labels
 * of the products added (the only labels a correction changes) are offered for printing.
 */
export function CorrecaoRomaneio(p: {
  registro: Romaneio;
  /** The romaneio's `versao` as this page last saw it (the quantity cells raise it too). */
  versao: MutableRefObject<number | undefined>;
  /** After a correction was saved (the page reads the romaneio again). */
  aoCorrigir: () => Promise<void> | void;
  /** A stale `versao`: the page shows its 'Recarregar' notice. */
  aoDesatualizar: () => void;
}) {
  const r = p.registro;
  const toast = useToast();
  const datas = useMemo(() => [r.dataEmissao], [r.dataEmissao]);
  const doProdutor = useItensDoProdutor(r.pessoaId, datas, true);
  const livres = usePedrasLivres(datas, true);
  // Its own stalls are free to it.
  const livresParaEste = useMemo(
    () =>
      livres.data
        ? [...r.pedras.map((x) => ({ id: x.pedrasId, numero: x.pedrasNumero })), ...livres.data].sort((a, b) =>
            a.numero.trim().localeCompare(b.numero.trim(), 'pt-BR', { numeric: true }),
          )
        : undefined,
    [livres.data, r.pedras],
  );
  const [removidos, setRemovidos] = useState<Set<number>>(new Set());
  const [inclusoes, setInclusoes] = useState<Inclusao[]>([]);
  const [pedras, setPedras] = useState<number[]>(r.pedras.map((x) => x.pedrasId));
  const [produto, setProduto] = useState<number | null>(null);
  const [quantidade, setQuantidade] = useState('');
  const [erroInclusao, setErroInclusao] = useState<string>();
  const [motivo, setMotivo] = useState('');
  const [erroMotivo, setErroMotivo] = useState<string>();
  const [salvando, setSalvando] = useState(false);
  const [etiquetas, setEtiquetas] = useState<Romaneio | null>(null);
  // The romaneio read again (after a correction): its stalls as saved.
  useEffect(() => setPedras(r.pedras.map((x) => x.pedrasId)), [r.pedras]);

  const oferecidos = (doProdutor.data ?? []).filter((i) => colheitaContem(i, r.dataEmissao));
  const opcoes = oferecidos.map((i) => ({ label: `${i.produtoNome} (${i.produtoEmbalagem})`, value: i.id, busca: `${i.produtoNome} ${i.produtoEmbalagem}` }));
  const avulsa = r.pedras.some((x) => x.ocupacao === 'avulsa');

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

  const mudou =
    removidos.size > 0 ||
    inclusoes.length > 0 ||
    [...pedras].sort().join(',') !==
      r.pedras
        .map((x) => x.pedrasId)
        .sort()
        .join(',');

  const gravar = async () => {
    const corpo = {
      id: r.id,
      versao: p.versao.current,
      dataEmissao: r.dataEmissao,
      divida: r.divida,
      pessoaId: r.pessoaId,
      motivo: motivo.trim(),
      pedras: pedras.map((pedrasId) => ({ pedrasId, ocupacao: avulsa ? 'avulsa' : null })),
      itens: [
        ...r.itens
          .filter((i) => !removidos.has(i.id))
          .map((i) => ({ id: i.id, produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId })),
        ...inclusoes.map((i) => ({ produtoId: i.item.produtoId, quantidade: i.quantidade, boletimItensId: i.item.id })),
      ],
    };
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
      setInclusoes([]);
      setMotivo('');
      await p.aoCorrigir();
      if (novos.length)
        void perguntar(`A correção incluiu ${novos.length === 1 ? '1 produto' : `${novos.length} produtos`}: imprimir só as etiquetas que mudaram?`, {
          header: 'Etiquetas',
          icone: 'pi pi-tags',
          acceptLabel: 'Imprimir etiquetas alteradas',
          rejectLabel: 'Agora não',
          focoEmSim: true,
        }).then((sim) => sim && setEtiquetas({ ...novo, itens: novos }));
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

  return (
    <fieldset className="romaneio-correcao form-largo" aria-describedby="correcao-ajuda">
      <legend>Correção</legend>
      <p id="correcao-ajuda" className="muted">
        Inclua ou remova produtos e troque as pedras (livres em {formatDate(r.dataEmissao)}); informe o motivo e clique em Corrigir romaneio.
      </p>
      <div className="romaneio-correcao-remover" role="group" aria-label="Produtos a remover">
        {r.itens.map((i) => (
          <div key={i.id} className="field-checkbox">
            <Checkbox
              inputId={`correcao-remover-${i.id}`}
              checked={removidos.has(i.id)}
              onChange={(e) =>
                setRemovidos((s) => {
                  const n = new Set(s);
                  if (e.checked) n.add(i.id);
                  else n.delete(i.id);
                  return n;
                })
              }
            />
            <label htmlFor={`correcao-remover-${i.id}`}>Remover {i.produtoNome}</label>
          </div>
        ))}
      </div>
      <div
        className="romaneio-correcao-incluir"
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || (e.target as HTMLElement).tagName !== 'INPUT') return;
          e.preventDefault();
          if ((e.target as HTMLElement).id === 'correcao-quantidade') incluir();
        }}
      >
        <div className="field">
          <label htmlFor="correcao-produto">Produto a incluir</label>
          <CampoBusca
            id="correcao-produto"
            {...BUSCA_DA_PORTARIA}
            rotulo="Produtos a incluir"
            opcoes={opcoes}
            value={produto}
            onChange={setProduto}
            aoEscolher={() => document.getElementById('correcao-quantidade')?.focus()}
            carregando={doProdutor.isFetching}
            placeholder="Digite o produto e Enter"
            vazio="Nenhum produto do produtor colhível nesta data"
          />
        </div>
        <div className="field">
          <label htmlFor="correcao-quantidade">Quantidade a incluir</label>
          <InputText
            id="correcao-quantidade"
            inputMode="decimal"
            autoComplete="off"
            value={quantidade}
            onChange={(e) => setQuantidade(e.target.value.replace(/[^\d.,]/g, ''))}
          />
        </div>
        <Button type="button" label="Incluir produto" icon="pi pi-plus" outlined onClick={incluir} />
        {erroInclusao && (
          <small className="p-error" role="alert">
            {erroInclusao}
          </small>
        )}
      </div>
      {inclusoes.length > 0 && (
        <ul className="romaneio-correcao-inclusoes" aria-label="Produtos a incluir na correção">
          {inclusoes.map((i) => (
            <li key={i.item.id}>
              {i.item.produtoNome}: {String(i.quantidade).replace('.', ',')} {i.item.produtoEmbalagem}
              <Button
                type="button"
                icon="pi pi-times"
                text
                size="small"
                aria-label={`Não incluir ${i.item.produtoNome}`}
                onClick={() => setInclusoes((l) => l.filter((x) => x !== i))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="correcao-pedras">Pedras corrigidas</label>
        <CampoPedras id="correcao-pedras" livres={livresParaEste} carregando={livres.isFetching} temDatas value={pedras} onChange={setPedras} />
      </div>
      <div className="field">
        <label htmlFor="correcao-motivo">Motivo da correção</label>
        <InputText
          id="correcao-motivo"
          value={motivo}
          maxLength={500}
          onChange={(e) => {
            setMotivo(e.target.value);
            if (erroMotivo) setErroMotivo(undefined);
          }}
          aria-invalid={erroMotivo ? true : undefined}
          aria-describedby={erroMotivo ? 'correcao-motivo-erro' : undefined}
          className={erroMotivo ? 'p-invalid' : undefined}
        />
        {erroMotivo && (
          <small id="correcao-motivo-erro" className="p-error" role="alert">
            {erroMotivo}
          </small>
        )}
      </div>
      <Button type="button" label="Corrigir romaneio" icon="pi pi-check" loading={salvando} onClick={salvar} />
      {etiquetas && (
        <PrintDialog visible onHide={() => setEtiquetas(null)} titulo="Etiquetas alteradas" header={false}>
          <AvisoQrLocal />
          <EtiquetasRomaneio romaneios={[etiquetas]} />
        </PrintDialog>
      )}
    </fieldset>
  );
}
