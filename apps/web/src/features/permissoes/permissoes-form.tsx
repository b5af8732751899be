import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import { grupoPermissoesRecurso, ACOES, type GrupoPermissoes, type GrupoPermissoesInput, type Rota } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/FormPage';
import { useResourceForm } from '../../components/form/useResourceForm';
import { api } from '../../lib/api-client';

const ROTULO = { visualizar: 'Visualizar', criar: 'Criar', editar: 'Editar', deletar: 'Deletar' } as const;

/** Group name and a checklist of the four actions for every route the server knows. */
export default function PermissoesForm() {
  const f = useResourceForm<GrupoPermissoesInput, GrupoPermissoes>({
    recurso: grupoPermissoesRecurso,
    defaults: { nome: '', permissoes: [] },
  });
  const { control, watch, setValue, getValues } = f.form;
  const { fields } = useFieldArray({ control, name: 'permissoes' });
  const rotas = useQuery({ queryKey: ['rotas', 'all'], queryFn: () => api<Rota[]>('rotas/all') });

  // One row per route: the group's flags where it has them, all off otherwise.
  useEffect(() => {
    if (!rotas.data || (f.editando && !f.registro)) return;
    const atuais = new Map((getValues('permissoes') ?? []).map((p) => [p.rotaId, p]));
    setValue(
      'permissoes',
      rotas.data.map((r) => ({ rotaId: r.id, rotaNome: r.nome, criar: false, editar: false, deletar: false, visualizar: false, ...atuais.get(r.id) })),
    );
  }, [rotas.data, f.registro]); // eslint-disable-line react-hooks/exhaustive-deps

  const perms = watch('permissoes') ?? [];
  return (
    <FormPage
      form={f}
      titulo={f.editando ? 'Editar Grupo de Permissões' : 'Novo Grupo de Permissões'}
      carregando={f.carregando || rotas.isLoading}
      erroCarregar={f.erroCarregar ?? (rotas.error as Error | null)}
    >
      <TextField control={control} name="nome" label="Nome do grupo" autoFocus maxLength={200} />
      <table className="perm-table">
        <caption>Permissões por rota</caption>
        <thead>
          <tr>
            <th scope="col">Rota</th>
            {ACOES.map((a) => (
              <th scope="col" key={a}>
                {ROTULO[a]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fields.map((field, i) => (
            <tr key={field.id}>
              <th scope="row">{perms[i]?.rotaNome}</th>
              {ACOES.map((a) => (
                <td key={a}>
                  <Checkbox
                    inputId={`perm-${perms[i]?.rotaNome}-${a}`}
                    aria-label={`${ROTULO[a]} ${perms[i]?.rotaNome}`}
                    checked={!!perms[i]?.[a]}
                    onChange={(e) => setValue(`permissoes.${i}.${a}`, !!e.checked, { shouldDirty: true })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </FormPage>
  );
}
