import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ACOES, permissoesRecurso, type GrupoPermissoes, type GrupoPermissoesInput, type Permissao, type Rota } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { editorCheckbox, ItemsField } from '../../components/form/items-field';
import { useResourceForm } from '../../components/form/use-resource-form';
import { api } from '../../lib/api-client';

const ROTULO = { visualizar: 'Visualizar', criar: 'Criar', editar: 'Editar', deletar: 'Deletar' } as const;
/** A route's four flags, all off. */
const NENHUMA = Object.fromEntries(ACOES.map((a) => [a, false])) as Record<(typeof ACOES)[number], boolean>;

/**
 * Group name and a checklist of the four actions for every route the server knows: the group's
 * permissions are its child rows (the shared items field; kept rows keep their ids on save).
 */
export default function PermissoesForm() {
  const f = useResourceForm<GrupoPermissoesInput, GrupoPermissoes>({ recurso: permissoesRecurso, defaults: { nome: '', permissoes: [] } });
  const { control, getValues, reset } = f.form;
  const rotas = useQuery({ queryKey: ['rotas', 'all'], queryFn: () => api<Rota[]>('rotas/all') });

  // One row per route: the group's flags (and row id) where it has them, all off otherwise.
  useEffect(() => {
    if (!rotas.data || (f.editando && !f.registro)) return;
    const atuais = new Map((getValues('permissoes') ?? []).map((p) => [p.rotaId, p]));
    reset(
      {
        ...getValues(),
        permissoes: rotas.data.map((r) => ({
          rotaId: r.id,
          ...NENHUMA,
          ...atuais.get(r.id),
          rotaNome: r.nome,
        })),
      },
      // The rows as loaded are the form's starting point (its defaults): only what the user changes is unsaved work.
    );
  }, [rotas.data, f.registro]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <FormPage
      form={f}
      titulo={f.editando ? 'Editar Grupo de Permissões' : 'Novo Grupo de Permissões'}
      carregando={f.carregando || rotas.isLoading}
      erroCarregar={f.erroCarregar ?? (rotas.error as Error | null)}
    >
      <TextField control={control} name="nome" label="Nome do grupo" autoFocus />
      <ItemsField<GrupoPermissoesInput, Permissao>
        control={control}
        name="permissoes"
        titulo="Permissões por rota"
        linhasPorPagina={30}
        colunas={[
          { field: 'rotaNome', header: 'Rota' },
          ...ACOES.map((a) => ({
            field: a,
            header: ROTULO[a],
            editor: editorCheckbox<Permissao>(),
            rotulo: (p: Permissao) => `${ROTULO[a]} ${p.rotaNome}`,
            inputId: (p: Permissao) => `perm-${p.rotaNome}-${a}`,
          })),
        ]}
      />
    </FormPage>
  );
}
