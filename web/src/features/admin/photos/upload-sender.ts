import { Upload, type DetailedError, type HttpStack } from 'tus-js-client';
import type { PhotoDraft, PhotoDraftCreate } from '@contract';
import { uploadIdFromUrl } from './batch-rules';
import { deleteEntry, getEntry, patchEntry, type QueueEntry } from './upload-queue-store';

/**
 * Sends one queued photo: its file with tus (resumed from the server's offset when the entry keeps
 * its upload address), then its draft under its queue id. The one implementation the admin page
 * (upload-queue.ts) and the service worker (upload-sync-worker.ts) both run: no React, no DOM.
 *
 * Page and worker never send the same entry at once: each send holds the entry's Web Lock, and
 * whoever finds it held leaves the entry to its holder. The entry is read from IndexedDB once the
 * lock is held (the holder before may have sent it) and deleted only after a 2xx draft create.
 */

/** The Background Sync tag the page registers and the service worker answers. */
export const SYNC_TAG = 'wildframe-uploads';
/** What the service worker posts to open windows when the browser fires the sync. */
export const FLUSH_MESSAGE = 'wildframe:flush-uploads';
/** An abort reason: she took the file off the queue, so its unfinished upload is deleted too. */
export const REMOVED = 'removed';
/** Where uploads are created when the entry does not say (the contract's address). */
export const DEFAULT_ENDPOINT = '/api/admin/uploads';

export type SendOutcome =
  /** The draft is made and the entry is off the phone. */
  | { result: 'sent' }
  /** The entry is no longer on the phone: another window or the worker sent it, or she removed it. */
  | { result: 'gone' }
  /** Another window or the worker is sending it now. */
  | { result: 'busy' }
  /** The server refused the file or its details: the entry keeps the server's sentence. */
  | { result: 'refused'; message: string }
  /** The session is gone (401): the entry waits for the next signed-in open. */
  | { result: 'signed-out' }
  /** No answer (the network), a server error, or stopped: the entry waits and is tried again. */
  | { result: 'unsent' };

export type SendOptions = {
  /** tus-js-client's retry delays (ms) for failed requests. */
  retryDelays: number[];
  /** The worker's fetch stack (fetch-http-stack.ts); the page keeps tus-js-client's own. */
  httpStack?: HttpStack;
  /** Stops the send (reason REMOVED: the server's unfinished upload is deleted too). */
  signal?: AbortSignal;
  onUploadUrl?: (uploadUrl: string) => void;
  onProgress?: (sent: number) => void;
  /** Every byte is on the server; the draft create starts. */
  onCreating?: () => void;
};

export const lockName = (queueId: string) => `wildframe-upload-${queueId}`;

/** The server's sentence from a JSON or text answer. */
export function messageOf(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return body.trim() || `The server answered ${status}.`;
}

/** What a non-2xx answer means for the entry: 401 signed out, else the server refused it. */
async function refusal(queueId: string, status: number, body: string): Promise<SendOutcome> {
  if (status === 401) return { result: 'signed-out' };
  const message = messageOf(body, status);
  await patchEntry(queueId, { error: message });
  return { result: 'refused', message };
}

type UploadResult = { uploadUrl: string } | SendOutcome;

/** The file's bytes to the server with tus: resumed at the server's offset when the address is kept. */
function uploadFile(entry: QueueEntry, options: SendOptions): Promise<UploadResult> {
  return new Promise((resolve) => {
    const upload: Upload = new Upload(entry.file, {
      endpoint: entry.endpoint ?? DEFAULT_ENDPOINT,
      uploadUrl: entry.uploadUrl ?? null,
      metadata: { filename: entry.fileName, filetype: entry.fileType, queueId: entry.queueId },
      retryDelays: options.retryDelays,
      ...(options.httpStack ? { httpStack: options.httpStack } : {}),
      // the address is kept in the queue entry, not in tus-js-client's own storage
      storeFingerprintForResuming: false,
      onUploadUrlAvailable: () => {
        if (!upload.url) return;
        options.onUploadUrl?.(upload.url);
        void patchEntry(entry.queueId, { uploadUrl: upload.url });
      },
      onProgress: (sent) => options.onProgress?.(sent),
      onSuccess: () => resolve({ uploadUrl: upload.url! }),
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        const status = response?.getStatus() ?? 0;
        // a 4xx (but a conflict or a lock) is about the file itself; anything else is the network
        if (status >= 400 && status < 500 && status !== 409 && status !== 423) {
          void refusal(entry.queueId, status, response!.getBody() ?? '').then(resolve);
        } else resolve({ result: 'unsent' });
      },
    });
    options.signal?.addEventListener('abort', () => {
      // a request cut by a lost signal may hang rather than fail: stop it; the server keeps its bytes
      void upload.abort(options.signal!.reason === REMOVED).catch(() => undefined);
      resolve({ result: 'unsent' });
    });
    upload.start();
  });
}

/** The draft, made from her latest details; a retry under the same queue id answers the same photo. */
async function createDraft(queueId: string, uploadUrl: string, options: SendOptions): Promise<SendOutcome> {
  const entry = await getEntry(queueId);
  if (!entry) return { result: 'gone' };
  const body: PhotoDraftCreate = {
    queueId,
    uploadId: uploadIdFromUrl(uploadUrl),
    category: entry.category,
    ...(entry.title.trim() ? { title: entry.title.trim() } : {}),
    ...(entry.description.trim() ? { description: entry.description.trim() } : {}),
    ...(entry.location.trim() ? { location: entry.location.trim() } : {}),
  };
  let response: Response;
  try {
    response = await fetch('/api/admin/photo-drafts', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch {
    // unanswered: sent again later under the same queue id, which makes no second photo
    return { result: 'unsent' };
  }
  if (!response.ok) return refusal(queueId, response.status, await response.text());
  const draft = (await response.json().catch(() => null)) as PhotoDraft | null;
  // details she typed while the draft was being made go to it now, not lost with the entry
  const latest = await getEntry(queueId);
  if (draft && latest && !(await lateDetailsSaved(draft, body, latest, options))) return { result: 'unsent' };
  await deleteEntry(queueId);
  return { result: 'sent' };
}

const sentText = (value: string | undefined) => value ?? '';

/**
 * Her title, description or location changed after the create was sent: the draft takes them (a
 * PUT of its own fields with hers; a blank title keeps the draft's). False when unanswered (the
 * entry stays: the next send's create answers the same draft and this runs again); a refusal
 * leaves the draft as it was made.
 */
async function lateDetailsSaved(
  draft: PhotoDraft,
  sent: PhotoDraftCreate,
  entry: QueueEntry,
  options: SendOptions,
): Promise<boolean> {
  const now = {
    title: entry.title.trim(),
    description: entry.description.trim(),
    location: entry.location.trim(),
  };
  if (
    now.title === sentText(sent.title) &&
    now.description === sentText(sent.description) &&
    now.location === sentText(sent.location)
  )
    return true;
  const fields = {
    title: now.title || draft.title,
    description: now.description,
    location: now.location,
    dateTaken: draft.dateTaken,
    aspectRatio: draft.aspectRatio,
    category: draft.category,
    displayOrder: draft.displayOrder,
    featured: draft.featured,
    verticalPosition: draft.verticalPosition,
  };
  try {
    const response = await fetch(`/api/admin/photos/${draft.id}`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fields),
      signal: options.signal,
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

async function sendHeld(queueId: string, options: SendOptions): Promise<SendOutcome> {
  const entry = await getEntry(queueId);
  if (!entry) return { result: 'gone' };
  if (entry.error) return { result: 'refused', message: entry.error };
  let uploadUrl = entry.uploaded ? entry.uploadUrl : undefined;
  if (!uploadUrl) {
    const uploaded = await uploadFile(entry, options);
    if (!('uploadUrl' in uploaded)) return uploaded;
    uploadUrl = uploaded.uploadUrl;
    await patchEntry(queueId, { uploadUrl, uploaded: true });
  }
  if (options.signal?.aborted) return { result: 'unsent' };
  options.onCreating?.();
  return createDraft(queueId, uploadUrl, options);
}

/** Sends the entry unless another window or the worker holds its lock (then 'busy' at once). */
export async function sendEntry(queueId: string, options: SendOptions): Promise<SendOutcome> {
  // the lock is held until the callback's promise settles
  return await navigator.locks.request(lockName(queueId), { ifAvailable: true }, async (lock) =>
    lock ? sendHeld(queueId, options) : { result: 'busy' },
  );
}

/** Resolves once nobody holds the entry's lock (its holder has finished, one way or the other). */
export async function untilReleased(queueId: string): Promise<void> {
  await navigator.locks.request(lockName(queueId), () => undefined);
}
