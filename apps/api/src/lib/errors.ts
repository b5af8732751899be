/** An error with an HTTP status and a pt-BR message for the user. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public fieldErrors?: { field: string; message: string }[],
    /** Machine fields added to the body (e.g. a price's `confirmar`: what the client may confirm). */
    public extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: { field: string; message: string }[]) => new HttpError(400, message, fieldErrors);
export const unauthorized = (message = 'Sessão inválida ou expirada. Entre novamente.') => new HttpError(401, message);
export const forbidden = (message = 'Você não tem permissão para esta operação.') => new HttpError(403, message);
export const naoEncontrado = (message = 'Registro não encontrado') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Foreign keys without a cascade that keep a record from being removed under another, by constraint
 * name: the 409's message when a removal reaches one without the application's own check first (e.g.
 * a race). Each resource declares its own (decision 0078); the error handler reads them.
 */
const RESTRICOES = new Map<string, string>();
export function declararRestricao(constraint: string, mensagem: string): void {
  RESTRICOES.set(constraint, mensagem);
}
/** The declared message of a foreign key's refusal, or undefined. */
export const mensagemDaRestricao = (constraint: string | undefined) => (constraint ? RESTRICOES.get(constraint) : undefined);

/** The PostgreSQL error behind an error (drivers and Drizzle wrap it in `cause`), or null. */
export function pgErro(err: unknown): { code: string; table?: string; constraint?: string; detail?: string; column?: string } | null {
  let e = err as { code?: unknown; cause?: unknown; table?: string; constraint?: string; detail?: string; column?: string } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, table: e.table, constraint: e.constraint, detail: e.detail, column: e.column };
    e = e.cause as typeof e;
  }
  return null;
}

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
