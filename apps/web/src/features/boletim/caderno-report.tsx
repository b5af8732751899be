import {
  FORMA_APLICACAO_ROTULO,
  FORMA_DOSE_ROTULO,
  formatDate,
  formatDecimal,
  NAO_SAO_NECESSARIAS,
  opcoesDaSecao,
  OUTRAS,
  rotuloCarenciaImpressa,
  SECOES_CADERNO,
  type Caderno,
  type SecaoCaderno,
} from '@ceasa/shared';
import { Fragment } from 'react';
import { DadosImpressos } from '../../components/print/dados-impressos';
import { PrintDialog, PrintTable } from '../../components/print/print-dialog';
import { dadosDoBoletim } from './boletim-saldo';
import './caderno.css';

const sim = (v: boolean | undefined) => (v ? 'Sim' : 'Não');
const na = (naoNecessarias: boolean, v: string | number | null | undefined) => (naoNecessarias ? 'N/A' : (v ?? ''));

/** The checked options of a section, by label; 'Não são necessárias' when so. */
function marcadas(secao: Record<string, unknown>, s: SecaoCaderno) {
  if (secao.naoNecessarias) return NAO_SAO_NECESSARIAS;
  const l = opcoesDaSecao(s)
    .filter(([k]) => secao[k] === true)
    .map(([, r]) => r);
  if (secao.outras) l.push(`${OUTRAS}: ${String(secao.descricaoOutras ?? '')}`);
  return l.join('; ');
}

/** The printed field notebook: municipal header, the crop, every section and every row. */
export function CadernoReport({ caderno: c, onHide }: { caderno: Caderno; onHide: () => void }) {
  return (
    <PrintDialog visible onHide={onHide} titulo={`Caderno de Campo ${c.id}`}>
      <div className="caderno-impressao">
        <DadosImpressos
          dados={[
            ...dadosDoBoletim(c),
            ['Boletim', c.boletimId],
            ['Cultura Atual', c.produtoNome],
            ['Cultura Anterior', c.produtoAntigoNome],
            ['Data do Plantio', formatDate(c.dataPlantio)],
            ['Data da Colheita', formatDate(c.dataColheita)],
            ['Identificação da Área', c.areaCultivo],
          ]}
        />
        {(Object.keys(SECOES_CADERNO) as SecaoCaderno[]).map((s) => (
          <Fragment key={s}>
            <h3 className="print-secao">{SECOES_CADERNO[s].titulo}</h3>
            <p>{marcadas(c[s], s)}</p>
          </Fragment>
        ))}
        <h3 className="print-secao">Irrigação</h3>
        <p>{c.irrigacao.naoNecessarias ? NAO_SAO_NECESSARIAS : `Sistema: ${c.irrigacao.sistema ?? ''}; Origem: ${c.irrigacao.origem ?? ''}`}</p>
        <h3 className="print-secao">Adubação e Correção</h3>
        <PrintTable
          rows={c.adubacaoCorrecao}
          columns={[
            { header: 'Não necessárias', cell: (r) => sim(r.naoNecessarias) },
            { header: 'Data Aplicação', cell: (r) => na(r.naoNecessarias, formatDate(r.dataAplicacao)) },
            { header: 'Fórmula', cell: (r) => na(r.naoNecessarias, r.nomeFormula) },
            { header: 'Dose', cell: (r) => na(r.naoNecessarias, r.dose), className: 'num' },
            { header: 'Forma da Dose', cell: (r) => na(r.naoNecessarias, r.formaDose && FORMA_DOSE_ROTULO[r.formaDose]) },
            { header: 'Forma de Aplicação', cell: (r) => na(r.naoNecessarias, r.formaAplicacao && FORMA_APLICACAO_ROTULO[r.formaAplicacao]) },
            { header: 'Responsável', cell: (r) => na(r.naoNecessarias, r.responsavelAplicacao) },
            { header: 'Observação', cell: (r) => na(r.naoNecessarias, r.observacao) },
          ]}
        />
        <h3 className="print-secao">Aplicação de Produtos Químicos</h3>
        <PrintTable
          rows={c.aplicacaoProdutosQuimicos}
          columns={[
            { header: 'Não necessárias', cell: (r) => sim(r.naoNecessarias) },
            { header: 'Data', cell: (r) => na(r.naoNecessarias, formatDate(r.data)) },
            {
              header: 'Carência',
              cell: (r) => na(r.naoNecessarias, r.periodoCarencia === null ? '' : `${r.periodoCarencia} ${rotuloCarenciaImpressa(r.periodoCarencia)}`),
            },
            { header: 'Praga/Doença Alvo', cell: (r) => na(r.naoNecessarias, r.pragaDoencaAlvo) },
            { header: 'Produto', cell: (r) => na(r.naoNecessarias, r.nomeProduto) },
            { header: 'Dose', cell: (r) => na(r.naoNecessarias, r.dose === null ? '' : formatDecimal(r.dose)), className: 'num' },
            { header: 'Forma da Dose', cell: (r) => na(r.naoNecessarias, r.formaDose && FORMA_DOSE_ROTULO[r.formaDose]) },
            {
              header: 'Volume de Calda (L/ha)',
              cell: (r) => na(r.naoNecessarias, r.volumeCalda === null ? '' : formatDecimal(r.volumeCalda)),
              className: 'num',
            },
            { header: 'Operador', cell: (r) => na(r.naoNecessarias, r.operador) },
          ]}
        />
      </div>
    </PrintDialog>
  );
}
