import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { PESSOA_TIPO, pessoaRecurso, nomeFoto, produtorSuspenso, type Pessoa, type PessoaDoProdutor, type PessoaInput, type Suspensao } from '@ceasa/shared';
import { toIsoDate } from '@ceasa/shared/format';
import { CampoBusca } from '../../components/form/campo-busca';
import { Campo, DateField, MaskField, mascaraCpfCnpj, mascaraTelefone, SelectDaLista, TextAreaField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { api, type ApiError } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { usePessoaTipos, useProdutores } from '../../lib/opcoes-pessoa';
import { FotoPessoa } from './foto-pessoa';
import { PortalDoProdutor } from './portal-do-produtor';

const PASTA_FOTOS = '/fotos/pessoas';

const paraForm = (p: Omit<Pessoa, 'id'>): PessoaInput => ({
  nome: p.nome,
  cpfcnpj: mascaraCpfCnpj.formatar(p.cpfcnpj) || p.cpfcnpj,
  celular: mascaraTelefone.formatar(p.celular),
  tipoId: p.tipoId,
  observacao: p.observacao ?? '',
  carteiraValidaAte: p.carteiraValidaAte ?? null,
});

/** The saved photo of a person: GET ftp/exists, then the bytes through the API client (bearer token). */
function useFotoExistente(arquivo: string | null) {
  return useQuery({
    queryKey: ['foto', arquivo],
    enabled: !!arquivo,
    retry: false,
    gcTime: 0,
    queryFn: async () => {
      const { exists } = await api<{ exists: boolean }>('ftp/exists', { query: { file: arquivo } });
      if (!exists) return null;
      const res = await api<Response>('ftp/download', { query: { file: arquivo }, raw: true });
      return res.blob();
    },
  });
}

/** A producer's suspension by a residue analysis still running (decision 0187): its message, or null. */
function useSuspensao(pessoaId: number | undefined) {
  const q = useQuery({
    queryKey: ['inspecao', 'suspensao', pessoaId],
    queryFn: () => api<{ suspensoes: Suspensao[] }>(`inspecao/suspensao/${pessoaId}`),
    enabled: !!pessoaId,
  });
  const hoje = toIsoDate(new Date())!;
  const fim = (q.data?.suspensoes ?? []).filter((s) => s.fim >= hoje).reduce<string | null>((m, s) => (!m || s.fim > m ? s.fim : m), null);
  return fim ? produtorSuspenso(fim) : null;
}

/** Person form: name, CPF/CNPJ and mobile masked as typed, type, notes, camera photo (sent after the save). */
export default function PessoaForm() {
  const toast = useToast();
  const qc = useQueryClient();
  const [capturada, setCapturada] = useState<Blob | null>(null);
  const f = useResourceForm<PessoaInput, Pessoa>({
    recurso: pessoaRecurso,
    defaults: { nome: '', cpfcnpj: '', celular: '', tipoId: undefined, observacao: '', carteiraValidaAte: null },
    toForm: paraForm,
    // A captured photo marks the person as having one (the server names it); otherwise an edit keeps what there was.
    toBody: (v) => ({ ...v, foto: capturada ? nomeFoto(v.cpfcnpj) : undefined }),
  });
  const { control, handleSubmit, reset, watch } = f.form;
  const ehProdutor = watch('tipoId') === PESSOA_TIPO.PRODUTOR;
  const tipos = usePessoaTipos();
  const produtores = useProdutores(!f.editando);
  const existente = useFotoExistente(f.registro?.foto ? nomeFoto(f.registro.cpfcnpj) : null);
  const [produtor, setProdutor] = useState<number | null>(null);
  const suspensao = useSuspensao(f.editando ? f.registro?.id : undefined);

  const preencherDeProdutor = async (id: number | null) => {
    setProdutor(id);
    if (!id) return;
    try {
      const p = await api<PessoaDoProdutor>(`pessoa/produtor/${id}`);
      reset(paraForm(p));
      toast.show('info', 'Dados do produtor preenchidos', 'Revise os campos antes de salvar.');
    } catch (err) {
      toast.show('error', 'Erro ao obter produtor', (err as ApiError).message);
    }
  };

  const enviarFoto = async (salvo: Pessoa, foto: Blob) => {
    const arquivo = nomeFoto(salvo.cpfcnpj)!;
    const fd = new FormData();
    fd.append('path', PASTA_FOTOS);
    fd.append('file', new File([foto], arquivo, { type: 'image/png' }));
    try {
      await api('ftp/upload', { method: 'POST', body: fd });
      qc.removeQueries({ queryKey: ['foto'] });
    } catch (err) {
      toast.show('error', 'Erro ao enviar a foto!', `A pessoa foi salva, mas a foto não: ${(err as ApiError).message}`, 5000);
    }
  };

  return (
    <>
      <FormPage
        form={f}
        titulo={f.editando ? 'Editar Pessoa' : 'Nova Pessoa'}
        onSubmit={handleSubmit(async (v) => {
          const foto = capturada;
          const salvo = await f.salvar(v as PessoaInput);
          if (salvo && foto) {
            await enviarFoto(salvo, foto);
            setCapturada(null);
          }
        })}
      >
        {suspensao && <Message severity="error" className="full" text={suspensao} data-testid="pessoa-suspensao" />}
        {!f.editando && (
          <Campo id="preencher-produtor" label="Preencher de produtor" className="preencher-produtor">
            <CampoBusca
              id="preencher-produtor"
              value={produtor}
              opcoes={produtores.opcoes}
              onChange={(v) => void preencherDeProdutor(v === null ? null : Number(v))}
              placeholder="Digite o nome do produtor para copiar os dados"
              vazio="Nenhum produtor encontrado"
              carregando={produtores.isLoading}
            />
          </Campo>
        )}
        <TextField control={control} name="nome" label="Nome" autoFocus maxLength={200} />
        {/* The form holds the masked text; the shared schema decides what is sent (the phone's digits, the document bare and upper case). */}
        <MaskField control={control} name="cpfcnpj" label="CPF/CNPJ" mascara={mascaraCpfCnpj} />
        <MaskField control={control} name="celular" label="Celular" mascara={mascaraTelefone} inputMode="tel" />
        <SelectDaLista control={control} name="tipoId" label="Tipo" lista={tipos} vazio="Nenhum tipo encontrado" />
        {/* The producer's card (decision 0182): the gate warns within 30 days of this day and past it. */}
        {ehProdutor && <DateField control={control} name="carteiraValidaAte" label="Carteira de produtor válida até" />}
        <TextAreaField control={control} name="observacao" label="Observação" className="full" />
        <FotoPessoa capturada={capturada} existente={existente.data ?? null} carregando={existente.isLoading} onCapturada={setCapturada} />
      </FormPage>
      {/* Outside the form: its own dialog and form never submit the person's. */}
      {f.editando && f.registro && <PortalDoProdutor pessoaId={f.registro.id} />}
    </>
  );
}
