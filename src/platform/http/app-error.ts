// The one error type our code throws for expected failures; error-handler.ts maps it to HTTP.
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'payment_failed'
  | 'too_many'
  | 'unavailable';

export const statusByKind: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return statusByKind[this.kind];
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError('bad_request', message, errors);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unauthorized = (message = 'Please sign in.') => new AppError('unauthorized', message);
