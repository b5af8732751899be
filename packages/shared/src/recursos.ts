import type { Recurso } from './recurso';
import { ROTAS } from './permissions';
import { usuarioRecurso } from './resources/auth';
import { boletimRecurso } from './resources/boletim';
import { estacionamentoRecurso } from './resources/estacionamento';
import { grupoPermissoesRecurso } from './resources/grupo-permissoes';
import { logRecurso } from './resources/log';
import { municipioRecurso } from './resources/municipio';
import { pedraRecurso } from './resources/pedra';
import { pessoaRecurso } from './resources/pessoa';
import { precoRecurso } from './resources/preco';
import { produtoRecurso } from './resources/produto';
import { produtoGrupoRecurso } from './resources/produto-grupo';
import { propriedadeRecurso } from './resources/propriedade';
import { rotaRecurso } from './resources/rota';
import { vafRecurso } from './resources/vaf';

/** Every declared resource, in the side menu's order (the order of ROTAS). One line per resource. */
export const RECURSOS: readonly Recurso[] = [
  boletimRecurso,
  pessoaRecurso,
  propriedadeRecurso,
  produtoRecurso,
  produtoGrupoRecurso,
  pedraRecurso,
  precoRecurso,
  vafRecurso,
  estacionamentoRecurso,
  municipioRecurso,
  rotaRecurso,
  grupoPermissoesRecurso,
  logRecurso,
  usuarioRecurso,
].sort((a, b) => ROTAS.indexOf(a.rota) - ROTAS.indexOf(b.rota));
