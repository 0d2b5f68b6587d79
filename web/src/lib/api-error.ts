/** The error every RTK Query call rejects with: `message` is 'status: body text', as the spec's error toasts show it. */
export type ApiError = {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** The `message` field of a JSON error body, when the server sent one. */
  serverMessage?: string;
  /** Per-field messages of a 400 answer. */
  errors?: Record<string, string>;
  data?: unknown;
  /** Refused before it was sent because the browser is offline. */
  offline?: true;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isApiError(err: unknown): err is ApiError {
  return isRecord(err) && typeof err.message === 'string' && 'status' in err;
}

/** Parses a response body: JSON when it parses, else the raw text (empty bodies become null). */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toApiError(status: ApiError['status'], data: unknown, fallbackText?: string): ApiError {
  const bodyText =
    typeof data === 'string' ? data : data == null ? (fallbackText ?? '') : JSON.stringify(data);
  const error: ApiError = { status, message: `${status}: ${bodyText}`, data };
  if (isRecord(data)) {
    if (typeof data.message === 'string' && data.message.trim() !== '') error.serverMessage = data.message;
    if (isRecord(data.errors)) {
      error.errors = Object.fromEntries(
        Object.entries(data.errors).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  }
  return error;
}

/** The server's own sentence when it sent one, else 'status: body text' (or any Error's message). */
export function errorMessage(err: unknown): string {
  if (isApiError(err)) return err.serverMessage ?? err.message;
  if (err instanceof Error) return err.message;
  if (isRecord(err) && typeof err.message === 'string') return err.message;
  return 'Unknown error';
}

/** Only the server's `message` field, or undefined when it sent none. */
export function serverMessage(err: unknown): string | undefined {
  return isApiError(err) ? err.serverMessage : undefined;
}

/** What every network-only action says while the browser is offline: writes need the server. */
export const OFFLINE_MESSAGE = 'You are offline. Please reconnect and try again.';

/** The error a write gets at once while offline, instead of waiting on a network that is not there. */
export function offlineError(): ApiError {
  return { status: 'FETCH_ERROR', message: OFFLINE_MESSAGE, serverMessage: OFFLINE_MESSAGE, offline: true };
}

export function isOfflineError(err: unknown): boolean {
  return isApiError(err) && err.offline === true;
}
