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
export const conflict = (message: string, detail?: unknown) => new ApiError(409, 'stale-seq', message, detail);
export const unprocessable = (message: string, code = 'rule') => new ApiError(422, code, message);
