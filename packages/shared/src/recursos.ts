import type { Recurso } from './recurso';
import { ROTAS } from './permissions';
import { usuarioRecurso } from './resources/usuarios';
import { boletimRecurso } from './resources/boletim';
import { cotacaoRecurso } from './resources/cotacao';
import { estacionamentoRecurso } from './resources/estacionamento';
import { grupoPermissoesRecurso } from './resources/permissoes';
import { logRecurso } from './resources/logs';
import { lojaRecurso } from './resources/loja';
import { municipioRecurso } from './resources/municipio';
import { pedraRecurso } from './resources/pedra';
import { pessoaRecurso } from './resources/pessoa';
import { precoRecurso } from './resources/precos';
import { produtoRecurso } from './resources/produto';
import { produtoGrupoRecurso } from './resources/produto-grupo';
import { propriedadeRecurso } from './resources/propriedade';
import { romaneioRecurso } from './resources/romaneio';
import { rotaRecurso } from './resources/rotas';
import { vafRecurso } from './resources/vaf';
import { recallRecurso } from './resources/recall';

/** Every declared resource, in the side menu's order (the order of ROTAS). One line per resource. */
export const RECURSOS: readonly Recurso[] = [
  lojaRecurso,
  cotacaoRecurso,
  romaneioRecurso,
  boletimRecurso,
  pessoaRecurso,
  propriedadeRecurso,
  produtoRecurso,
  produtoGrupoRecurso,
  pedraRecurso,
  precoRecurso,
  vafRecurso,
  recallRecurso,
  estacionamentoRecurso,
  municipioRecurso,
  rotaRecurso,
  grupoPermissoesRecurso,
  logRecurso,
  usuarioRecurso,
].sort((a, b) => ROTAS.indexOf(a.rota) - ROTAS.indexOf(b.rota));
