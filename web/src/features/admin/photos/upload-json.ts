import { parseBody, toApiError } from '../../../lib/api-error';

export type UploadProgress = { loaded: number; total: number };

/**
 * Sends a JSON body with XMLHttpRequest because fetch cannot report upload progress, and a
 * 10MB photo as base64 takes a while on a phone connection. Rejects with the same ApiError
 * shape as the RTK Query calls.
 */
export function uploadJson<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(toApiError(xhr.status, data));
    };
    xhr.onerror = () => reject(toApiError('FETCH_ERROR', null, 'Network error'));
    xhr.ontimeout = () => reject(toApiError('TIMEOUT_ERROR', null, 'Timed out'));
    xhr.send(JSON.stringify(body));
  });
}
