import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { cpfcnpjPublico, formatCpfCnpj } from '@ceasa/shared';
import { DividaField } from '../../components/form/divida-field';
import { CampoBusca, type OpcaoBusca } from '../../components/form/campo-busca';
import { BUSCA_DA_PORTARIA } from './busca';
import type { RomaneioForm } from './romaneio-lote';

/**
 * The producer picker's options: the name, the masked CPF and the municipalities tell look-alike names
 * apart; the search also finds the CPF's digits (whole or from a group's start: '123456', '456').
 */
export const opcoesDeProdutores = (l: { id: number; nome: string; cpfcnpj: string }[] | undefined, municipios: Map<number, string>): OpcaoBusca<number>[] =>
  (l ?? []).map((p) => ({
    label: [p.nome, cpfcnpjPublico(p.cpfcnpj), municipios.get(p.id)].filter(Boolean).join(' — '),
    value: p.id,
    busca: `${p.nome} ${p.cpfcnpj.replace(/\D/g, '')} ${formatCpfCnpj(p.cpfcnpj)}`,
    escolhido: p.nome,
  }));

/**
 * The romaneio's producer section: the debt (looked up on leaving it) and the producer, picked from those active on
 * the dates chosen. Edit: both read-only, the producer by its saved name.
 */
export function SecaoProdutor(p: {
  control: Control<RomaneioForm>;
  editando: boolean;
  /** Edit: the saved producer's name. */
  nomeSalvo?: string;
  opcoes: OpcaoBusca<number>[];
  carregando: boolean;
  temDatas: boolean;
  /** A producer typed and Enter while the list loads: 'esperando' until it is chosen ('escolhido') or matches nothing ('nada'). */
  aoEsperar?: (estado: 'esperando' | 'escolhido' | 'nada') => void;
  /** Why the producer picked may not sell on a chosen date (suspended, card past its date under 'exigir'), or null. */
  recusa?: string | null;
}) {
  // A save stopped on a producer typed and not picked: its message until the box is typed in again.
  const [naoEscolhido, setNaoEscolhido] = useState<string>();
  return (
    <>
      <DividaField control={p.control} name="divida" rota="romaneio" disabled={p.editando} />
      {p.editando ? (
        <div className="field">
          <label htmlFor="campo-pessoaId">Produtor</label>
          <InputText id="campo-pessoaId" value={p.nomeSalvo ?? ''} disabled />
        </div>
      ) : (
        <Controller
          control={p.control}
          name="pessoaId"
          render={({ field, fieldState }) => {
            const erro = naoEscolhido ?? fieldState.error?.message ?? p.recusa;
            return (
              <div className="field">
                <label htmlFor="campo-pessoaId">Produtor</label>
                <CampoBusca
                  id="campo-pessoaId"
                  {...BUSCA_DA_PORTARIA}
                  rotulo="Produtores"
                  opcoes={p.opcoes}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  vazio="Nenhum produtor encontrado"
                  carregando={p.carregando}
                  aoEsperar={p.aoEsperar}
                  aoNaoEscolher={setNaoEscolhido}
                  aoDigitar={() => setNaoEscolhido(undefined)}
                  placeholder={p.temDatas ? 'Digite o nome ou o CPF e Enter' : 'Escolha as datas primeiro'}
                  aria-invalid={erro ? true : undefined}
                  aria-describedby={erro ? 'campo-pessoaId-erro' : undefined}
                  className={erro ? 'p-invalid' : undefined}
                />
                {erro && (
                  <small id="campo-pessoaId-erro" className="p-error" role={fieldState.error ? undefined : 'alert'}>
                    {erro}
                  </small>
                )}
              </div>
            );
          }}
        />
      )}
    </>
  );
}
