/** An error a route or socket handler turns into `{ error: { code, message } }` for its sender only. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra detail for the sender (e.g. the current state after a conflict). */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, code = 'bad-request') => new ApiError(400, code, message);
export const unauthorized = (message = 'A valid token is required.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message: string, code = 'forbidden') => new ApiError(403, code, message);
export const notFound = (message: string) => new ApiError(404, 'not-found', message);
/** 409: the request does not fit the match's current state; `code` says how (stale-seq, seat-taken, not-over…). */
export const conflict = (message: string, code: string, detail?: unknown) => new ApiError(409, code, message, detail);
export const unprocessable = (message: string, code = 'rule') => new ApiError(422, code, message);

/** A zod error in one line: the first five issues, each with its path. */
export function zodMessage(err: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
