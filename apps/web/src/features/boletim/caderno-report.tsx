import { FORMA_APLICACAO_ROTULO, FORMA_DOSE_ROTULO, formatDate, formatDecimal, rotuloCarenciaImpressa, type Caderno } from '@ceasa/shared';
import { PrintDialog, PrintTable } from '../../components/print/print-dialog';
import './caderno.css';

const sim = (v: boolean | undefined) => (v ? 'Sim' : 'Não');
const na = (naoNecessarias: boolean, v: string | number | null | undefined) => (naoNecessarias ? 'N/A' : (v ?? ''));

/** The checked options of a section, by label; 'Não são necessárias' when so. */
function marcadas(secao: Record<string, unknown>, rotulos: [string, string][]) {
  if (secao.naoNecessarias) return 'Não são necessárias';
  const l = rotulos.filter(([k]) => secao[k] === true).map(([, r]) => r);
  if (secao.outras) l.push(`Outras: ${String(secao.descricaoOutras ?? '')}`);
  return l.join('; ');
}

const PREPARO: [string, string][] = [
  ['subsolagem', 'Subsolagem'],
  ['aracao', 'Aração'],
  ['enxadaRotativa', 'Enxada Rotativa'],
  ['gradagemComGrade', 'Gradagem com Grade'],
  ['leve', 'Leve'],
  ['pesada', 'Pesada'],
  ['niveladora', 'Niveladora'],
];
const PRATICAS: [string, string][] = [
  ['plantioEmNivel', 'Plantio em Nível'],
  ['terracos', 'Terraços'],
  ['rotacaoDeCulturas', 'Rotação de Culturas'],
  ['adubacaoVerde', 'Adubação Verde'],
];
const SEMENTES: [string, string][] = [
  ['proprias', 'Próprias'],
  ['terceiros', 'De Terceiros'],
  ['viveiroComTermico', 'Viveiro com Termo de Conformidade'],
  ['viveiroSemTermico', 'Viveiro sem Termo de Conformidade'],
];

/** The printed field notebook: municipal header, the crop, every section and every row. */
export function CadernoReport({ caderno: c, onHide }: { caderno: Caderno; onHide: () => void }) {
  return (
    <PrintDialog visible onHide={onHide} titulo={`Caderno de Campo ${c.id}`}>
      <div className="caderno-impressao">
        <dl className="print-dados">
          <div>
            <dt>Produtor</dt>
            <dd>{c.produtorNome}</dd>
          </div>
          <div>
            <dt>Propriedade</dt>
            <dd>{c.propriedadeNome}</dd>
          </div>
          <div>
            <dt>Município</dt>
            <dd>{c.propriedadeMunicipioNome}</dd>
          </div>
          <div>
            <dt>Técnico</dt>
            <dd>{c.tecnicoNome}</dd>
          </div>
          <div>
            <dt>Boletim</dt>
            <dd>{c.boletimId}</dd>
          </div>
          <div>
            <dt>Cultura Atual</dt>
            <dd>{c.produtoNome}</dd>
          </div>
          <div>
            <dt>Cultura Anterior</dt>
            <dd>{c.produtoAntigoNome}</dd>
          </div>
          <div>
            <dt>Data do Plantio</dt>
            <dd>{formatDate(c.dataPlantio)}</dd>
          </div>
          <div>
            <dt>Data da Colheita</dt>
            <dd>{formatDate(c.dataColheita)}</dd>
          </div>
          <div>
            <dt>Identificação da Área</dt>
            <dd>{c.areaCultivo}</dd>
          </div>
        </dl>
        <h3 className="print-secao">Preparo do Solo</h3>
        <p>{marcadas(c.preparoSolo, PREPARO)}</p>
        <h3 className="print-secao">Práticas Conservacionistas</h3>
        <p>{marcadas(c.praticasConservacionistas, PRATICAS)}</p>
        <h3 className="print-secao">Sementes e Mudas</h3>
        <p>{marcadas(c.sementesEMudas, SEMENTES)}</p>
        <h3 className="print-secao">Irrigação</h3>
        <p>{c.irrigacao.naoNecessarias ? 'Não são necessárias' : `Sistema: ${c.irrigacao.sistema ?? ''}; Origem: ${c.irrigacao.origem ?? ''}`}</p>
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
