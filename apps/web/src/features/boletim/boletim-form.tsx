import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { anosBoletim, AREA_PRODUCAO_MAXIMA, boletimInput, boletimRecurso, PRODUCAO_MAXIMA, type Boletim, type BoletimInput } from '@ceasa/shared';
import { DateField, SelectField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { CelulaData, CelulaNumero, CelulaOpcao, LinhasField } from '../../components/form/linhas-field';
import { useResourceForm } from '../../components/form/use-resource-form';
import { api } from '../../lib/api-client';
import { opcoesPessoas, usePessoasDoTipo } from '../../lib/opcoes-pessoa';
import { comProdutosSalvos, useProdutoOpcoes } from '../../lib/opcoes-produto';
import { usePropriedadesDoProdutor } from './api';

type ItemForm = NonNullable<BoletimInput['itens']>[number];

const novoItem = (): ItemForm => ({
  id: null,
  produtoId: undefined as unknown as number,
  areaProducao: undefined as unknown as number,
  producaoEstimada: undefined as unknown as number,
  producaoEmbalada: undefined as unknown as number,
  inicioColheita: '',
  fimColheita: '',
});

/**
 * The bulletin form: visit and issue dates, producer, the producer's property, technician and the
 * items, held in the form until the whole bulletin is saved (one POST on create, one PUT on edit).
 */
export default function BoletimForm() {
  const f = useResourceForm<BoletimInput, Boletim>({
    recurso: boletimRecurso,
    schema: boletimInput,
    defaults: { dataVisita: '', dataEmissao: '', produtorId: undefined, propriedadeId: undefined, tecnicoId: undefined, itens: [] },
    toForm: (b) => ({
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
    }),
  });
  const { control, setValue } = f.form;
  const navigate = useNavigate();
  const produtores = usePessoasDoTipo(1);
  const tecnicos = usePessoasDoTipo(2);
  const produtos = useProdutoOpcoes();
  const produtorId = useWatch({ control, name: 'produtorId' });
  const propriedades = usePropriedadesDoProdutor(produtorId);
  const [abrindo, setAbrindo] = useState<number | null>(null);
  const anos = anosBoletim();
  const opcoesProduto = comProdutosSalvos(produtos.opcoes, f.registro?.itens ?? []);

  // Changing the producer clears the property (it lists only that producer's); loading a bulletin does not.
  const produtorAnterior = useRef(produtorId);
  useEffect(() => {
    const antes = produtorAnterior.current;
    produtorAnterior.current = produtorId;
    if (antes !== undefined && antes !== null && antes !== produtorId) setValue('propriedadeId', null as unknown as number);
  }, [produtorId, setValue]);

  /** The item's notebook: edit when the lookup finds one, create otherwise (or when the lookup fails). */
  const abrirCaderno = async (itemId: number) => {
    setAbrindo(itemId);
    try {
      const c = await api<unknown>(`caderno/boletimItem/${itemId}`);
      navigate(c ? `/caderno/edit/${itemId}` : `/caderno/${itemId}`);
    } catch {
      navigate(`/caderno/${itemId}`);
    } finally {
      setAbrindo(null);
    }
  };
  const itens = useWatch({ control, name: 'itens' });

  return (
    <FormPage form={f} titulo={f.editando ? `Editar Boletim ${f.registro?.id ?? ''}` : 'Novo Boletim'}>
      <DateField control={control} name="dataVisita" label="Data da Visita" yearRange={anos.visita} />
      <DateField control={control} name="dataEmissao" label="Data de Emissão" yearRange={anos.visita} />
      <SelectField
        control={control}
        name="produtorId"
        label="Produtor"
        options={opcoesPessoas(produtores.data)}
        loading={produtores.isLoading}
        emptyMessage="Nenhum produtor encontrado"
      />
      <SelectField
        control={control}
        name="propriedadeId"
        label="Propriedade"
        options={opcoesPessoas(propriedades.data)}
        loading={propriedades.isFetching}
        emptyMessage={produtorId ? 'Nenhuma propriedade encontrada' : 'Selecione o produtor primeiro'}
      />
      <SelectField
        control={control}
        name="tecnicoId"
        label="Técnico"
        options={opcoesPessoas(tecnicos.data)}
        loading={tecnicos.isLoading}
        emptyMessage="Nenhum técnico encontrado"
      />
      <div className="form-largo">
        <LinhasField
          control={control}
          name="itens"
          titulo="Itens"
          rotuloAdicionar="Adicionar item"
          vazio="Nenhum produto adicionado"
          nova={novoItem}
          colunas={[
            {
              header: 'Produto',
              style: { minWidth: '14rem' },
              celula: (i) => (
                <CelulaOpcao
                  control={control}
                  name={`itens.${i}.produtoId`}
                  rotulo={`Produto do item ${i + 1}`}
                  options={opcoesProduto}
                  emptyMessage="Nenhum produto encontrado"
                />
              ),
            },
            {
              header: 'Área Produção (ha)',
              celula: (i) => (
                <CelulaNumero
                  control={control}
                  name={`itens.${i}.areaProducao`}
                  rotulo={`Área de produção do item ${i + 1}`}
                  decimais={2}
                  min={0}
                  max={AREA_PRODUCAO_MAXIMA}
                />
              ),
            },
            {
              header: 'Produção Estimada (kg)',
              celula: (i) => (
                <CelulaNumero
                  control={control}
                  name={`itens.${i}.producaoEstimada`}
                  rotulo={`Produção estimada do item ${i + 1}`}
                  decimais={2}
                  min={0}
                  max={PRODUCAO_MAXIMA}
                />
              ),
            },
            {
              header: 'Produção Embalada (kg)',
              celula: (i) => (
                <CelulaNumero
                  control={control}
                  name={`itens.${i}.producaoEmbalada`}
                  rotulo={`Produção embalada do item ${i + 1}`}
                  decimais={2}
                  min={0}
                  max={PRODUCAO_MAXIMA}
                />
              ),
            },
            {
              header: 'Início Colheita',
              celula: (i) => (
                <CelulaData
                  control={control}
                  name={`itens.${i}.inicioColheita`}
                  rotulo={`Início da colheita do item ${i + 1}`}
                  yearRange={anos.inicioColheita}
                />
              ),
            },
            {
              header: 'Fim Colheita',
              celula: (i) => (
                <CelulaData control={control} name={`itens.${i}.fimColheita`} rotulo={`Fim da colheita do item ${i + 1}`} yearRange={anos.fimColheita} />
              ),
            },
          ]}
          acoes={(i) => {
            const id = itens?.[i]?.id;
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
