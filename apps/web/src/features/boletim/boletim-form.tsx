import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { anosBoletim, boletimInput, boletimRecurso, itemComCaderno, type Boletim, type BoletimInput } from '@ceasa/shared';
import { DateField, SelectDaLista } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { editorData, editorNumero, editorOpcoes, ItemsField, type ItemColumn } from '../../components/form/items-field';
import { useResourceForm } from '../../components/form/use-resource-form';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { opcoesPessoas, useProdutores, useTecnicos } from '../../lib/opcoes-pessoa';
import { comProdutosSalvos, useProdutoOpcoes } from '../../lib/opcoes-produto';
import { usePropriedadesDoProdutor } from './api';

type ItemForm = NonNullable<BoletimInput['itens']>[number];

/** A quantity cell: 2 decimals, any value as typed (the schema refuses one beyond its limit, with its message). */
const quantidade = { editor: editorNumero<ItemForm>({ decimais: 2 }) };

const novoItem = (): ItemForm => ({
  id: null,
  produtoId: undefined as unknown as number,
  areaProducao: undefined as unknown as number,
  producaoEstimada: undefined as unknown as number,
  producaoEmbalada: undefined as unknown as number,
  inicioColheita: '',
  fimColheita: '',
});

/** A saved bulletin as the form shows it. */
function boletimNoFormulario(b: Boletim): BoletimInput {
  return {
    dataVisita: b.dataVisita,
    dataEmissao: b.dataEmissao,
    produtorId: b.produtorId,
    propriedadeId: b.propriedadeId,
    tecnicoId: b.tecnicoId,
    itens: b.itens.map((i) => ({
      id: i.id,
      produtoId: i.produtoId,
      areaProducao: i.areaProducao,
      producaoEstimada: i.producaoEstimada,
      producaoEmbalada: i.producaoEmbalada,
      inicioColheita: i.inicioColheita,
      fimColheita: i.fimColheita,
    })),
  };
}

/** The items' columns: the product, its areas and productions (2 decimals), and its harvest's first and last days. */
function colunasDoBoletim(
  opcoesProduto: { label: string; value: number }[],
  carregando: boolean,
  anos: ReturnType<typeof anosBoletim>,
): ItemColumn<ItemForm>[] {
  return [
    {
      field: 'produtoId',
      header: 'Produto',
      style: { minWidth: '14rem' },
      editor: editorOpcoes({ opcoes: opcoesProduto, vazio: 'Nenhum produto encontrado', carregando }),
      rotulo: (_, i) => `Produto do item ${i + 1}`,
    },
    { field: 'areaProducao', header: 'Área Produção (ha)', ...quantidade, rotulo: (_, i) => `Área de produção do item ${i + 1}` },
    {
      field: 'producaoEstimada',
      header: 'Produção Estimada (kg)',
      ...quantidade,
      rotulo: (_, i) => `Produção estimada do item ${i + 1}`,
    },
    {
      field: 'producaoEmbalada',
      header: 'Produção Embalada (kg)',
      ...quantidade,
      rotulo: (_, i) => `Produção embalada do item ${i + 1}`,
    },
    {
      field: 'inicioColheita',
      header: 'Início Colheita',
      editor: editorData({ yearRange: anos.inicioColheita }),
      rotulo: (_, i) => `Início da colheita do item ${i + 1}`,
    },
    {
      field: 'fimColheita',
      header: 'Fim Colheita',
      editor: editorData({ yearRange: anos.fimColheita }),
      rotulo: (_, i) => `Fim da colheita do item ${i + 1}`,
    },
  ];
}

/**
 * The item's notebook: edit when the lookup finds one, create otherwise (or when the lookup fails).
 * Who may only view opens an existing one read-only; there is none to create for them.
 */
function useAbrirCaderno(somenteLeitura: boolean) {
  const navigate = useNavigate();
  const toast = useToast();
  const [abrindo, setAbrindo] = useState<number | null>(null);
  const abrirCaderno = async (itemId: number) => {
    setAbrindo(itemId);
    const semCaderno = () =>
      somenteLeitura ? toast.show('info', 'Caderno de campo', 'Este item ainda não tem caderno de campo.') : navigate(`/caderno/${itemId}`);
    try {
      const c = await api<unknown>(`caderno/boletimItem/${itemId}`);
      if (c) navigate(`/caderno/edit/${itemId}`);
      else semCaderno();
    } catch {
      semCaderno();
    } finally {
      setAbrindo(null);
    }
  };
  return { abrindo, abrirCaderno };
}

/** The chosen producer's properties; changing the producer clears the property (it lists only that producer's), loading a bulletin does not. */
function usePropriedadesDoBoletim(form: UseFormReturn<BoletimInput>) {
  const { control, setValue } = form;
  const produtorId = useWatch({ control, name: 'produtorId' });
  const propriedades = usePropriedadesDoProdutor(produtorId);
  const produtorAnterior = useRef(produtorId);
  useEffect(() => {
    const antes = produtorAnterior.current;
    produtorAnterior.current = produtorId;
    if (antes !== undefined && antes !== null && antes !== produtorId) setValue('propriedadeId', null as unknown as number);
  }, [produtorId, setValue]);
  return { produtorId, propriedades };
}

/** The bulletin's dates, producer, property and technician. */
function DadosDoBoletim({
  control,
  somenteLeitura,
  produtorId,
  propriedades,
  anos,
}: {
  control: Control<BoletimInput>;
  somenteLeitura: boolean;
  produtorId: number | undefined;
  propriedades: ReturnType<typeof usePropriedadesDoProdutor>;
  anos: ReturnType<typeof anosBoletim>;
}) {
  const produtores = useProdutores();
  const tecnicos = useTecnicos();
  return (
    <>
      <DateField control={control} name="dataVisita" disabled={somenteLeitura} label="Data da Visita" yearRange={anos.visita} />
      <DateField control={control} name="dataEmissao" disabled={somenteLeitura} label="Data de Emissão" yearRange={anos.visita} />
      <SelectDaLista control={control} name="produtorId" disabled={somenteLeitura} label="Produtor" lista={produtores} vazio="Nenhum produtor encontrado" />
      <SelectDaLista
        control={control}
        name="propriedadeId"
        disabled={somenteLeitura}
        label="Propriedade"
        lista={{ opcoes: opcoesPessoas(propriedades.data), isLoading: propriedades.isFetching }}
        vazio={produtorId ? 'Nenhuma propriedade encontrada' : 'Selecione o produtor primeiro'}
      />
      <SelectDaLista control={control} name="tecnicoId" disabled={somenteLeitura} label="Técnico" lista={tecnicos} vazio="Nenhum técnico encontrado" />
    </>
  );
}

/**
 * The bulletin form: visit and issue dates, producer, the producer's property, technician and the
 * items, held in the form until the whole bulletin is saved (one POST on create, one PUT on edit).
 */
export default function BoletimForm() {
  const f = useResourceForm<BoletimInput, Boletim>({
    recurso: boletimRecurso,
    schema: boletimInput,
    defaults: { dataVisita: '', dataEmissao: '', produtorId: undefined, propriedadeId: undefined, tecnicoId: undefined, itens: [] },
    toForm: boletimNoFormulario,
  });
  const { control } = f.form;
  // Who may only view bulletins sees this one read-only (and opens its items' notebooks read-only).
  const { pode } = useAuth();
  const somenteLeitura = f.editando && !pode('boletim', 'editar');
  const produtos = useProdutoOpcoes();
  const { produtorId, propriedades } = usePropriedadesDoBoletim(f.form);
  const { abrindo, abrirCaderno } = useAbrirCaderno(somenteLeitura);
  const anos = anosBoletim();
  const opcoesProduto = comProdutosSalvos(produtos.opcoes, f.registro?.itens ?? []);

  /** A saved item with a field notebook is not removed (the server refuses it too, decision 0078): its notebook goes first. */
  const podeRemover = (item: ItemForm) => {
    const salvo = item.id ? f.registro?.itens.find((i) => i.id === item.id) : undefined;
    return salvo?.temCaderno ? itemComCaderno(salvo.produtoNome) : null;
  };

  return (
    <FormPage
      form={f}
      titulo={somenteLeitura ? `Boletim ${f.registro?.id ?? ''}` : f.editando ? `Editar Boletim ${f.registro?.id ?? ''}` : 'Novo Boletim'}
      botoes={somenteLeitura ? <></> : undefined}
    >
      <DadosDoBoletim control={control} somenteLeitura={somenteLeitura} produtorId={produtorId} propriedades={propriedades} anos={anos} />
      <div className="form-largo">
        <ItemsField<BoletimInput, ItemForm>
          control={control}
          name="itens"
          titulo="Itens"
          rotuloAdicionar="Adicionar item"
          vazio="Nenhum produto adicionado"
          nova={novoItem}
          desabilitado={somenteLeitura}
          podeRemover={podeRemover}
          colunas={colunasDoBoletim(opcoesProduto, produtos.isLoading, anos)}
          acoes={(item, i) => {
            const id = item?.id;
            return (
              <Button
                type="button"
                icon="pi pi-book"
                rounded
                text
                aria-label={`Caderno de campo do item ${i + 1}`}
                tooltip={id ? 'Caderno de campo' : 'Salve o boletim para abrir o caderno de campo deste item'}
                tooltipOptions={{ position: 'left', showOnDisabled: true }}
                disabled={!id || !f.editando}
                loading={abrindo === id}
                onClick={() => id && void abrirCaderno(id)}
              />
            );
          }}
        />
      </div>
    </FormPage>
  );
}
