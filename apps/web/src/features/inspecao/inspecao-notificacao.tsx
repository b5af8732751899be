import { formatCpfCnpj, formatDate } from '@ceasa/shared/format';
import { ITENS_ROTULAGEM, ROTULOS_RESULTADO, ROTULOS_TIPO_INSPECAO, type Inspecao } from '@ceasa/shared';
import { DadosImpressos } from '../../components/print/dados-impressos';
import { PrintDialog, PrintHeader } from '../../components/print/print-dialog';

const TITULO = 'NOTIFICAÇÃO DE INSPEÇÃO';

/** What the notification tells the producer, by the inspection's kind and result. */
export function textoDaNotificacao(i: Inspecao): string {
  const amostra = `a amostra ${i.codigoAmostra ?? ''} (${i.laboratorio ?? ''}), coletada em ${formatDate(i.coletaEm)}`;
  if (i.tipo === 'rotulagem') {
    const faltam = ITENS_ROTULAGEM.filter(([k]) => i.checklist && !i.checklist[k]).map(([, rotulo]) => rotulo.toLowerCase());
    return faltam.length
      ? `Na inspeção de rotulagem de ${formatDate(i.coletaEm)}, o rótulo da carga não trazia: ${faltam.join('; ')}. Regularize a rotulagem antes da próxima entrada no mercado.`
      : `Na inspeção de rotulagem de ${formatDate(i.coletaEm)}, o rótulo da carga trazia todos os itens exigidos.`;
  }
  if (i.resultado === 'nao_conforme')
    return `Na análise de resíduos de agrotóxicos, ${amostra} deu resultado não conforme (princípio ativo encontrado: ${i.principioAtivo ?? '-'}). O lote está retido e o produtor está suspenso de comercializar no mercado até ${formatDate(i.suspensoAte)}.`;
  if (i.resultado === 'conforme') return `Na análise de resíduos de agrotóxicos, ${amostra} deu resultado conforme. O lote está liberado.`;
  return `Foi coletada ${amostra} para análise de resíduos de agrotóxicos. O lote fica em análise até o resultado do laboratório.`;
}

function Via({ inspecao: i, destinatario, className }: { inspecao: Inspecao; destinatario: string; className?: string }) {
  const r = i.romaneio;
  const dados: [string, string][] = [
    ['Produtor', r.produtorNome],
    ['CPF/CNPJ', formatCpfCnpj(r.cpfcnpj)],
    ['Município', r.municipioNome ? `${r.municipioNome}${r.municipioSigla ? `/${r.municipioSigla}` : ''}` : '-'],
    ['Romaneio', `${r.id} de ${formatDate(r.dataEmissao)}`],
    ['Produtos', r.produtos.join(', ') || '-'],
    ['Inspeção', `${ROTULOS_TIPO_INSPECAO[i.tipo]} nº ${i.id}`],
    ['Resultado', i.resultado ? ROTULOS_RESULTADO[i.resultado] : '-'],
  ];
  return (
    <section className={`notificacao-via${className ? ` ${className}` : ''}`} aria-label={destinatario}>
      <PrintHeader titulo={TITULO} subtitulo={<strong>{destinatario}</strong>} />
      <DadosImpressos dados={dados} />
      <p className="notificacao-texto">{textoDaNotificacao(i)}</p>
      {i.observacao && <p className="notificacao-texto">Observação: {i.observacao}</p>}
      <div className="notificacao-assinaturas">
        <div>Fiscal responsável</div>
        <div>Produtor ou responsável pela carga</div>
      </div>
    </section>
  );
}

/**
 * The printed notification of an inspection (decision 0186): the producer's copy and, on its own page, the copy
 * for the rural extension office of the load's municipality, each with the municipal header.
 */
export function NotificacaoInspecao({ inspecao, visible, onHide }: { inspecao: Inspecao; visible: boolean; onHide: () => void }) {
  const municipio = inspecao.romaneio.municipioNome;
  return (
    <PrintDialog visible={visible} onHide={onHide} titulo={TITULO} header={false}>
      <Via inspecao={inspecao} destinatario="Via do produtor" className="page-break" />
      <Via
        inspecao={inspecao}
        destinatario={`Via do escritório de extensão rural${municipio ? ` de ${municipio}${inspecao.romaneio.municipioSigla ? `/${inspecao.romaneio.municipioSigla}` : ''}` : ''}`}
      />
    </PrintDialog>
  );
}
