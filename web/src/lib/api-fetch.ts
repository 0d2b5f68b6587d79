import { offlineError, parseBody, toApiError } from './api-error';

/**
 * One call to the API for code that runs without RTK Query (the storefront's islands): the same
 * rules as the app's base query (lib/api.ts): a write while offline is refused at once with
 * OFFLINE_MESSAGE, and every failure rejects with an ApiError ('status: body text').
 */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  if (method !== 'GET' && !navigator.onLine) throw offlineError();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (err) {
    throw toApiError('FETCH_ERROR', null, String(err));
  }
  const data = parseBody(await response.text());
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}
