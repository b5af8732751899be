import { useMemo, useState } from 'react';
import type { ProdutoAssinavel } from '@ceasa/shared';
import { Botao } from '../../components/publico/botao';
import { ariaDo, ErroDoCampo } from '../../components/publico/campos-publicos';

/** One price alert as typed (the numbers are read at 'Assinar'). */
export interface AlertaForm {
  produtoId: string;
  acima: string;
  abaixo: string;
}

const nomeDo = (p: ProdutoAssinavel) => (p.embalagem ? `${p.nome} (${p.embalagem})` : p.nome);

/** 'Produtos da cotação': a search over the products and one checkbox each (none checked: all of them). */
export function EscolhaDeProdutos({
  produtos,
  lista,
  escolhidos,
  setEscolhidos,
}: {
  produtos: ProdutoAssinavel[];
  lista: 'carregando' | 'pronta' | 'falhou';
  escolhidos: number[];
  setEscolhidos: (mudar: (x: number[]) => number[]) => void;
}) {
  const [busca, setBusca] = useState('');
  const visiveis = useMemo(() => {
    const t = busca.trim().toLowerCase();
    return t ? produtos.filter((p) => nomeDo(p).toLowerCase().includes(t)) : produtos;
  }, [busca, produtos]);
  return (
    <fieldset className="assinar-produtos">
      <legend>Produtos da cotação (nenhum marcado: todos)</legend>
      <label htmlFor="assinar-busca">Procurar produto</label>
      <input id="assinar-busca" type="search" className="p-inputtext p-component w-full" value={busca} onChange={(e) => setBusca(e.target.value)} />
      {lista === 'carregando' && <p className="dados-nota">Carregando os produtos...</p>}
      {lista === 'falhou' && (
        <p role="alert" className="p-error">
          Não foi possível carregar os produtos. Recarregue a página para escolher produtos; sem escolha, você recebe a cotação de todos.
        </p>
      )}
      {/* One Tab stop per product: this jumps over them to the alerts (shown when it has the focus). */}
      <button type="button" className="assinar-pular" onClick={() => document.getElementById('assinar-alertas')?.focus()}>
        Pular a lista de produtos
      </button>
      <ul className="assinar-lista">
        {visiveis.map((p) => (
          <li key={p.id}>
            <label>
              <input
                type="checkbox"
                checked={escolhidos.includes(p.id)}
                onChange={(e) => setEscolhidos((x) => (e.target.checked ? [...x, p.id] : x.filter((i) => i !== p.id)))}
              />{' '}
              {nomeDo(p)}
            </label>
          </li>
        ))}
      </ul>
      {escolhidos.length > 0 && <p className="dados-nota">{escolhidos.length} produto(s) marcado(s).</p>}
    </fieldset>
  );
}

interface PropsAlertas {
  produtos: ProdutoAssinavel[];
  alertas: AlertaForm[];
  /** Changes the alerts; `foco`: the field that takes the focus once an alert came or went. */
  mudar: (mudar: (x: AlertaForm[]) => AlertaForm[], foco?: string) => void;
  erros: Record<string, string>;
}

/** One alert: its product, 'Acima de' and 'Abaixo de', and its remove button (the focus goes to 'Adicionar alerta'). */
function AlertaDePreco({ produtos, alertas, mudar, erros, i }: PropsAlertas & { i: number }) {
  const a = alertas[i];
  const editar = (campo: keyof AlertaForm, valor: string) => mudar((x) => x.map((y, j) => (j === i ? { ...y, [campo]: valor } : y)));
  return (
    <div className="assinar-alerta" role="group" aria-label={`Alerta ${i + 1}`}>
      <label htmlFor={`alerta-${i}-produto`}>Produto do alerta {i + 1}</label>
      <select
        id={`alerta-${i}-produto`}
        className="p-inputtext p-component w-full"
        value={a.produtoId}
        onChange={(e) => editar('produtoId', e.target.value)}
        {...ariaDo(erros, `alertas.${i}.produtoId`)}
      >
        <option value="">Escolha o produto</option>
        {produtos.map((p) => (
          <option key={p.id} value={p.id}>
            {nomeDo(p)}
          </option>
        ))}
      </select>
      <ErroDoCampo erros={erros} campo={`alertas.${i}.produtoId`} />
      <div className="assinar-limites">
        {(['acima', 'abaixo'] as const).map((campo) => (
          <div key={campo}>
            <label htmlFor={`alerta-${i}-${campo}`}>{campo === 'acima' ? 'Acima de (R$)' : 'Abaixo de (R$)'}</label>
            <input
              id={`alerta-${i}-${campo}`}
              inputMode="decimal"
              className="p-inputtext p-component w-full"
              value={a[campo]}
              onChange={(e) => editar(campo, e.target.value)}
              {...ariaDo(erros, `alertas.${i}.${campo}`)}
            />
            <ErroDoCampo erros={erros} campo={`alertas.${i}.${campo}`} />
          </div>
        ))}
      </div>
      <Botao
        label={`Remover alerta ${i + 1}`}
        icon="pi pi-trash"
        outlined
        size="small"
        onClick={() => mudar((x) => x.filter((_, j) => j !== i), 'assinar-adicionar-alerta')}
      />
    </div>
  );
}

/** 'Alertas de preço': up to 20 alerts on a product's average price, each added and removed with the focus kept. */
export function AlertasDePreco(props: PropsAlertas) {
  const { alertas, mudar } = props;
  return (
    <fieldset className="assinar-alertas" id="assinar-alertas" tabIndex={-1}>
      <legend>Alertas de preço (preço médio do dia, R$ por embalagem)</legend>
      {alertas.map((_, i) => (
        <AlertaDePreco key={i} {...props} i={i} />
      ))}
      {alertas.length < 20 && (
        <Botao
          label="Adicionar alerta"
          icon="pi pi-plus"
          outlined
          size="small"
          id="assinar-adicionar-alerta"
          onClick={() => mudar((x) => [...x, { produtoId: '', acima: '', abaixo: '' }], `alerta-${alertas.length}-produto`)}
        />
      )}
    </fieldset>
  );
}
