import { parseBody, toApiError } from '../../../lib/api-error';

export type UploadProgress = { loaded: number; total: number };

/**
 * Sends a multipart form with XMLHttpRequest because fetch cannot report upload progress, and a
 * 15 MB camera file takes a while on a phone connection. The browser streams the file from disk
 * (no base64 copy in memory). Rejects with the same ApiError shape as the RTK Query calls, so the
 * caller invalidates the RTK Query tags itself after success.
 */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
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
    xhr.send(body);
  });
}
