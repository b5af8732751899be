import { z, type ZodType } from 'zod';
import type { Page, SortDir } from './paging';
import type { RotaNome } from './permissions';

/**
 * A resource declared once (docs/adding-a-resource.md). The API registers its list and CRUD routes
 * from it (apps/api/src/lib/routes.ts `recursoRoutes`), the web its menu entry, pages, permission
 * checks, list and form (apps/web/src/lib/recursos.ts, `ResourceList`, `useResourceForm`).
 */
export interface Recurso {
  /** Route name of the permission table: gates the menu entry, the pages and the API routes. */
  rota: RotaNome;
  /** Side menu entry. */
  menu: { rotulo: string; icone: string };
  /** Screen paths: the list (menu target), create and edit (with `:id`). */
  caminhos: { lista: string; novo?: string; editar?: string };
  /** The list and CRUD API under /api; absent for a screen with no API of its own (VAF). */
  api?: {
    /** Base path without slashes: GET {base}, GET {base}/{id}, POST {base}, PUT {base}[/{id}], DELETE {base}/{id}. */
    base: string;
    /** POST {base}/{busca}/{dir}/{field}?page&size with a filter body. */
    busca?: string;
    /** GET {base}/search?searchTerm&page&size&sort: the field the term filters. */
    buscaPorTermo?: string;
    /** One record as the API answers it (GET {base}/{id}, POST, PUT; and the list rows unless `linha` says otherwise). */
    registro: ZodType;
    /** A list row, when it differs from `registro` (e.g. a group without its permissions). */
    linha?: ZodType;
    /** Body of POST and PUT; absent: a read-only resource (no create, update or delete). */
    entrada?: ZodType;
    /** Body of the search call (empty fields do not filter). */
    filtro?: ZodType;
    /** false: never deleted (no DELETE route, no delete button). Deletable by default when it has `entrada`. */
    remover?: boolean;
    /** OpenAPI tag (defaults to the menu label). */
    tag?: string;
  };
  /** Default sort of the list, on the server and on the screen. */
  ordem?: { campo: string; dir: SortDir };
  /** The list screen's and the API's texts (SPEC.md sections 2 and 8). */
  rotulos?: {
    /** List title. */
    titulo: string;
    /** 'Mostrando de {first} a {last} de N {plural}'. */
    plural: string;
    /** Empty list. */
    vazio: string;
    /** Toast of a failed list load ('Erro ao obter pessoa'). */
    erroObter: string;
    /** Toast of a failed delete ('Erro ao remover pessoa'). */
    erroRemover: string;
    /** 'Erro ao cadastrar {entidade}!' / 'Erro ao editar {entidade}!' of the form. */
    entidade?: string;
    /** The API's 404 ('Município não encontrado'). */
    naoEncontrado?: string;
  };
}

/** A declaration, checked and typed (`as const` inference keeps its literal paths and schemas). */
export function declararRecurso<const R extends Recurso>(r: R): R {
  if (r.caminhos.editar && !r.caminhos.editar.includes(':id')) throw new Error(`${r.rota}: o caminho de edição deve conter :id`);
  if (r.api && (r.api.base.startsWith('/') || r.api.base.endsWith('/'))) throw new Error(`${r.rota}: a base da API não leva barras`);
  if (r.api?.entrada && !r.rotulos) throw new Error(`${r.rota}: um recurso editável declara os textos da lista`);
  return r;
}

/** A resource's edit path for one record: '/municipio/edit/:id' → '/municipio/edit/7'. */
export const caminhoDeEdicao = (r: Pick<Recurso, 'caminhos'>, id: number | string) => r.caminhos.editar!.replace(':id', String(id));

/** The page shape of CONTRACT.md, for a record schema (response schemas of the list routes). */
export function pageSchema<T extends ZodType>(registro: T) {
  return z.object({
    content: z.array(registro),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    totalExato: z.literal(false).optional(),
  }) satisfies ZodType<Page<z.output<T>>>;
}
