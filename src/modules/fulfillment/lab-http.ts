import { LabError } from './lab-provider';

/**
 * A `Retry-After` header in ms from now: delay-seconds ("7") or an HTTP date; null when absent or
 * unreadable (a date already past is 0).
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // an HTTP date names its day and month ("Sun, 06 Dec 2026 07:00:20 GMT"); Date.parse takes "-5" too
  const at = /[a-z]{3}/i.test(v) ? Date.parse(v) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A lab's answer: its status and its body parsed as JSON (the text itself when it is not JSON). */
export type LabAnswer = { status: number; body: unknown };

export type LabCallInit = {
  body?: unknown;
  /** The calls that make the lab do slow work (fetch our image, create an order) wait longer. */
  slow?: boolean;
  /** Statuses answered rather than thrown (a 404 that means "no such order"). */
  accept?: number[];
};

/**
 * One JSON request to a lab, the way every lab client makes it: its own headers, a timeout, no
 * redirects. A 2xx or an accepted status is answered; a timeout or network error is 'unavailable'
 * with the lab's name; any other status is the lab's own `refusal` (its mapping decides refused or
 * unavailable), with the wait its `Retry-After` asks for. Every message passes `clean` (the lab's secrets blanked, length bounded).
 */
export function createLabCaller(opts: {
  lab: string;
  baseUrl: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs: number;
  slowTimeoutMs: number;
  clean(message: string): string;
  refusal(status: number, body: unknown): LabError;
}) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch;
  return async function call(
    method: 'GET' | 'POST',
    path: string,
    init: LabCallInit = {},
  ): Promise<LabAnswer> {
    const ms = init.slow ? opts.slowTimeoutMs : opts.timeoutMs;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          ...opts.headers,
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(ms),
        redirect: 'error',
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      text = await res.text();
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        throw new LabError(
          'unavailable',
          `${opts.lab} did not answer within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}.`,
        );
      const why = e.cause?.code ?? e.cause?.message ?? e.message;
      throw new LabError('unavailable', opts.clean(`${opts.lab} could not be reached (${why}).`));
    }
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text; // an HTML page from a proxy, say
      }
    }
    if ((status >= 200 && status < 300) || init.accept?.includes(status)) return { status, body };
    const e = opts.refusal(status, body);
    throw new LabError(e.kind, opts.clean(e.message), e.status, e.about, retryAfterMs(retryAfter));
  };
}
