import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { formatDate, formatDecimal, RECALL_MSG, type PropriedadeOpcao, type RecallItem } from '@ceasa/shared';
import { DateField, SelectField, TextField } from '../../components/form/fields';
import { downloadText } from '../../components/resource-list/csv';
import { api, ApiError } from '../../lib/api-client';
import { opcoesPessoas, useProdutores } from '../../lib/opcoes-pessoa';
import { useProdutoOpcoes } from '../../lib/opcoes-produto';
import { useToast } from '../../lib/toast';
import { COLUNAS_RECALL, RecallReport } from './recall-report';
import './recall.css';

type Filtro = {
  lote: string;
  pessoaId: number | null;
  propriedadeId: number | null;
  produtoId: number | null;
  produtoAplicado: string;
  inicio: string | null;
  fim: string | null;
};
const VAZIO: Filtro = { lote: '', pessoaId: null, propriedadeId: null, produtoId: null, produtoAplicado: '', inicio: null, fim: null };
const ANOS = `2000:${new Date().getFullYear() + 1}`;

/** The query of GET recall: only what was filled in. */
const consulta = (f: Filtro) => ({
  lote: f.lote.trim() || undefined,
  pessoaId: f.pessoaId,
  propriedadeId: f.propriedadeId,
  produtoId: f.produtoId,
  produtoAplicado: f.produtoAplicado.trim() || undefined,
  inicio: f.inicio,
  fim: f.fim,
});

type Opcoes = { label: string; value: number }[];

/** What was searched, in words (the toast of an empty search and the printout's header). */
function criteriosDoFiltro(f: Filtro, nomes: { produtores: Opcoes; propriedades: Opcoes; produtos: Opcoes }) {
  const nomeDe = (opcoes: Opcoes, id: number | null) => opcoes.find((o) => o.value === id)?.label;
  return [
    f.lote.trim() && `Lote ${f.lote.trim()}`,
    f.pessoaId && `Produtor: ${nomeDe(nomes.produtores, f.pessoaId) ?? f.pessoaId}`,
    f.propriedadeId && `Propriedade: ${nomeDe(nomes.propriedades, f.propriedadeId) ?? f.propriedadeId}`,
    f.produtoId && `Produto: ${nomeDe(nomes.produtos, f.produtoId) ?? f.produtoId}`,
    f.produtoAplicado.trim() && `Produto aplicado: ${f.produtoAplicado.trim()}`,
    f.inicio && f.fim
      ? `Período: ${formatDate(f.inicio)} a ${formatDate(f.fim)}`
      : f.inicio
        ? `Período: a partir de ${formatDate(f.inicio)}`
        : f.fim
          ? `Período: até ${formatDate(f.fim)}`
          : 'Período: todas as datas',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The search (GET recall) and its CSV; a refusal puts the server's messages on the filter's fields. */
function usePesquisa(form: UseFormReturn<Filtro>, criterios: (f: Filtro) => string) {
  const toast = useToast();
  const [resultado, setResultado] = useState<{ itens: RecallItem[]; filtro: Filtro } | null>(null);
  const [pesquisando, setPesquisando] = useState(false);
  const recusa = (err: unknown) => {
    const e = err as ApiError;
    for (const fe of e.body?.fieldErrors ?? []) form.setError(fe.field as Path<Filtro>, { message: fe.message });
    toast.show('error', 'Erro ao pesquisar!', e.message);
  };

  const pesquisar = form.handleSubmit(async (f) => {
    form.clearErrors();
    setPesquisando(true);
    try {
      const itens = await api<RecallItem[]>('recall', { query: consulta(f) });
      setResultado({ itens, filtro: f });
      if (itens.length === 0) toast.show('warn', RECALL_MSG.nenhumItem, criterios(f));
      else toast.show('success', 'Pesquisa concluída!', `${itens.length} item(ns) encontrado(s)`);
    } catch (err) {
      setResultado(null);
      recusa(err);
    } finally {
      setPesquisando(false);
    }
  });

  const baixarCsv = async () => {
    if (!resultado) return;
    try {
      // The CSV (it starts with a BOM, so the client hands it back as text); a refusal still comes as pt-BR JSON.
      const csv = await api<string>('recall', { query: { ...consulta(resultado.filtro), formato: 'csv' } });
      downloadText('recall.csv', csv.startsWith('\uFEFF') ? csv : '\uFEFF' + csv);
    } catch (err) {
      recusa(err);
    }
  };
  return { resultado, limpar: () => setResultado(null), pesquisando, pesquisar, baixarCsv };
}

/**
 * Recall (/recall, decision 0108): from a lot, a producer, a property, a product or a chemical product
 * applied, over a period, every romaneio item affected, with 'Baixar CSV' (the server's CSV) and 'Imprimir'
 * (the municipal header).
 */
export default function RecallPage() {
  const form = useForm<Filtro>({ defaultValues: VAZIO });
  const produtores = useProdutores();
  const propriedades = useQuery({
    queryKey: ['propriedade', 'propriedadeAll'],
    queryFn: () => api<PropriedadeOpcao[]>('propriedade/propriedadeAll'),
    staleTime: 0,
  });
  const produtos = useProdutoOpcoes();
  const [imprimindo, setImprimindo] = useState(false);
  const criterios = (f: Filtro) =>
    criteriosDoFiltro(f, { produtores: produtores.opcoes, propriedades: opcoesPessoas(propriedades.data), produtos: produtos.opcoes });
  const { resultado, limpar, pesquisando, pesquisar, baixarCsv } = usePesquisa(form, criterios);

  const itens = resultado?.itens ?? [];
  const kg = itens.reduce((s, i) => s + i.quantidadeKg, 0);
  return (
    <section className="card recall-page">
      <div className="list-header">
        <h1>Recall</h1>
        <div className="list-actions">
          <Button label="Baixar CSV" icon="pi pi-download" outlined disabled={!itens.length} onClick={baixarCsv} />
          <Button label="Imprimir" icon="pi pi-print" outlined disabled={!itens.length} onClick={() => setImprimindo(true)} />
        </div>
      </div>
      <p className="muted">Informe ao menos um ponto de partida; o período limita a data de emissão dos romaneios.</p>
      <form onSubmit={pesquisar} noValidate className="form-grid">
        <TextField control={form.control} name="lote" label="Lote" maxLength={40} />
        <SelectField control={form.control} name="pessoaId" label="Produtor" options={produtores.opcoes} loading={produtores.isLoading} />
        <SelectField
          control={form.control}
          name="propriedadeId"
          label="Propriedade"
          options={opcoesPessoas(propriedades.data)}
          loading={propriedades.isLoading}
        />
        <SelectField control={form.control} name="produtoId" label="Produto" options={produtos.opcoes} loading={produtos.isLoading} />
        <TextField control={form.control} name="produtoAplicado" label="Produto aplicado (caderno de campo)" maxLength={200} />
        <DateField control={form.control} name="inicio" label="Data Inicial" yearRange={ANOS} />
        <DateField control={form.control} name="fim" label="Data Final" yearRange={ANOS} />
        <div className="form-buttons">
          <Button type="submit" label="Pesquisar" icon="pi pi-search" loading={pesquisando} />
          <Button
            type="button"
            label="Limpar"
            icon="pi pi-times"
            outlined
            onClick={() => {
              form.reset(VAZIO);
              limpar();
            }}
          />
        </div>
      </form>
      <TabelaDoRecall itens={itens} pesquisado={!!resultado} kg={kg} />
      {resultado && <RecallReport visible={imprimindo} onHide={() => setImprimindo(false)} itens={itens} criterios={criterios(resultado.filtro)} />}
    </section>
  );
}

/** The romaneio items the search reached, with their count and weight. */
function TabelaDoRecall({ itens, pesquisado, kg }: { itens: RecallItem[]; pesquisado: boolean; kg: number }) {
  return (
    <DataTable
      value={itens}
      className="recall-tabela"
      header={<h2 className="table-title">{pesquisado ? `${itens.length} item(ns) atingido(s), ${formatDecimal(kg)} kg` : 'Itens de romaneio atingidos'}</h2>}
      dataKey="itemId"
      paginator={itens.length > 20}
      rows={20}
      emptyMessage={pesquisado ? RECALL_MSG.nenhumItem : 'Informe um ponto de partida e clique em Pesquisar'}
      stripedRows
      size="small"
      responsiveLayout="stack"
      breakpoint="960px"
    >
      {COLUNAS_RECALL.map((c) => (
        <Column key={c.header} header={c.header} body={(i: RecallItem) => c.cell(i)} className={c.className} />
      ))}
    </DataTable>
  );
}
