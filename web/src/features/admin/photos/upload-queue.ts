import { Upload, type DetailedError } from 'tus-js-client';
import type { PhotoDraftCreate } from '@contract';
import { nextToStart, uploadIdFromUrl, type QueuePhase } from './batch-rules';
import { allEntries, deleteEntry, patchEntry, putEntry, type QueueEntry } from './upload-queue-store';

/**
 * The batch uploader: one per page load, at module level, so uploads go on while she is on
 * another admin screen and the batch screen shows them again when she comes back. Files and
 * details live in IndexedDB (upload-queue-store.ts); here only what is running.
 *
 * Online, at most two files are sent at once with tus (resumable: the upload's address is kept
 * in the entry, and a retry or a reload asks the server for its offset); once every byte is there,
 * the draft is made under the file's queue id, and only a 2xx answer takes it off the phone.
 * Offline, nothing starts: the files wait, a Background Sync is registered where the browser has
 * it, and the `online` event (or the service worker's sync message, public/upload-sync.js) flushes.
 */

export const SYNC_TAG = 'wildframe-uploads';
/** What the service worker posts to an open window when the browser fires the sync. */
export const FLUSH_MESSAGE = 'wildframe:flush-uploads';

/** Flaky field networks: tus-js-client retries a failed request after these delays (ms). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

export type QueueItem = Omit<QueueEntry, 'file'> & {
  phase: QueuePhase;
  /** Bytes the server has (while sending). */
  sent: number;
  error?: string;
};

export type QueueSnapshot = {
  loaded: boolean;
  items: QueueItem[];
  /** Drafts made since the page loaded: the review list refetches when it changes. */
  created: number;
};

type Details = Pick<QueueEntry, 'category' | 'title' | 'description' | 'location'>;

let snapshot: QueueSnapshot = { loaded: false, items: [], created: 0 };
const listeners = new Set<() => void>();
const files = new Map<string, Blob>();
const running = new Map<string, Upload>();
let endpoint = '/api/admin/uploads';
let started: Promise<void> | undefined;

function publish(next: Partial<QueueSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function update(queueId: string, patch: Partial<QueueItem>): void {
  publish({ items: snapshot.items.map((item) => (item.queueId === queueId ? { ...item, ...patch } : item)) });
}

function itemOf(entry: QueueEntry): QueueItem {
  const { file, ...rest } = entry;
  files.set(entry.queueId, file);
  return { ...rest, phase: navigator.onLine ? 'queued' : 'waiting', sent: entry.uploaded ? entry.size : 0 };
}

const isOnline = () => navigator.onLine;

/** The server's sentence from a JSON or text answer. */
function messageOf(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return body.trim() || `The server answered ${status}.`;
}

/** A network failure (or being offline): the file waits and is tried again, never marked failed. */
function waitAgain(queueId: string): void {
  update(queueId, { phase: isOnline() ? 'queued' : 'waiting', error: undefined });
  registerSync();
  if (isOnline()) setTimeout(pump, 5000);
}

function fail(queueId: string, message: string): void {
  update(queueId, { phase: 'failed', error: message });
  pump();
}

async function createDraft(item: QueueItem, uploadUrl: string): Promise<void> {
  update(item.queueId, { phase: 'creating', sent: item.size });
  const current = snapshot.items.find((it) => it.queueId === item.queueId) ?? item;
  const body: PhotoDraftCreate = {
    queueId: current.queueId,
    uploadId: uploadIdFromUrl(uploadUrl),
    category: current.category,
    ...(current.title.trim() ? { title: current.title.trim() } : {}),
    ...(current.description.trim() ? { description: current.description.trim() } : {}),
    ...(current.location.trim() ? { location: current.location.trim() } : {}),
  };
  let response: Response;
  try {
    response = await fetch('/api/admin/photo-drafts', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    // unanswered: sent again later under the same queue id, which makes no second photo
    waitAgain(item.queueId);
    return;
  }
  if (!response.ok) {
    fail(item.queueId, messageOf(await response.text(), response.status));
    return;
  }
  await deleteEntry(item.queueId);
  files.delete(item.queueId);
  publish({
    items: snapshot.items.filter((it) => it.queueId !== item.queueId),
    created: snapshot.created + 1,
  });
  pump();
}

function send(item: QueueItem): void {
  const file = files.get(item.queueId);
  if (!file) return;
  if (item.uploaded && item.uploadUrl) {
    void createDraft(item, item.uploadUrl);
    return;
  }
  update(item.queueId, { phase: 'uploading', error: undefined });
  const upload: Upload = new Upload(file, {
    endpoint,
    uploadUrl: item.uploadUrl ?? null,
    metadata: { filename: item.fileName, filetype: item.fileType, queueId: item.queueId },
    retryDelays: RETRY_DELAYS,
    // the address is kept in the queue entry, not in tus-js-client's own storage
    storeFingerprintForResuming: false,
    onUploadUrlAvailable: () => {
      if (upload.url) {
        update(item.queueId, { uploadUrl: upload.url });
        void patchEntry(item.queueId, { uploadUrl: upload.url });
      }
    },
    onProgress: (sent) => update(item.queueId, { sent }),
    onSuccess: () => {
      running.delete(item.queueId);
      const uploadUrl = upload.url!;
      void patchEntry(item.queueId, { uploadUrl, uploaded: true });
      update(item.queueId, { uploadUrl, uploaded: true });
      void createDraft(item, uploadUrl);
    },
    onError: (error) => {
      running.delete(item.queueId);
      const response = (error as DetailedError).originalResponse;
      const status = response?.getStatus() ?? 0;
      // 4xx (but a conflict or a lock): the file itself is refused; else the network: try again
      if (status >= 400 && status < 500 && status !== 409 && status !== 423) {
        fail(item.queueId, messageOf(response!.getBody() ?? '', status));
      } else waitAgain(item.queueId);
    },
  });
  running.set(item.queueId, upload);
  upload.start();
}

/** Starts what may start now. */
function pump(): void {
  if (!snapshot.loaded) return;
  if (!isOnline()) {
    // a request cut by a lost signal may hang rather than fail: stop it; the server keeps its
    // bytes, and the next start asks for its offset
    for (const [queueId, upload] of running) {
      running.delete(queueId);
      void upload.abort(false).catch(() => undefined);
    }
    const stalled = snapshot.items.filter((item) => item.phase === 'queued' || item.phase === 'uploading');
    if (stalled.length > 0)
      publish({
        items: snapshot.items.map((item) =>
          item.phase === 'queued' || item.phase === 'uploading' ? { ...item, phase: 'waiting' } : item,
        ),
      });
    registerSync();
    return;
  }
  for (const item of nextToStart(snapshot.items, true)) send(item);
}

/** Background Sync where the browser has it: the service worker wakes the queue when the network returns. */
function registerSync(): void {
  if (!('serviceWorker' in navigator) || snapshot.items.every((item) => item.phase === 'failed')) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (
        registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
      ).sync;
      return sync?.register(SYNC_TAG);
    })
    .catch(() => undefined); // no Background Sync: the `online` event and the next open do it
}

/** Loads the phone's queue once per page load and starts sending it; later calls just wait for that. */
export function startUploadQueue(): Promise<void> {
  started ??= (async () => {
    window.addEventListener('online', pump);
    window.addEventListener('offline', pump);
    navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
      if (event.data === FLUSH_MESSAGE) pump();
    });
    const entries = await allEntries().catch(() => []);
    publish({ loaded: true, items: [...snapshot.items, ...entries.map(itemOf)] });
    pump();
  })();
  return started;
}

/** The tus endpoint (from the server's limits). */
export function setUploadEndpoint(address: string): void {
  endpoint = address;
}

/** Queues chosen files with the batch's category: stored on the phone first, then sent when possible. */
export async function queueFiles(chosen: File[], category: string): Promise<void> {
  await startUploadQueue();
  const now = Date.now();
  const entries: QueueEntry[] = chosen.map((file, i) => ({
    queueId: crypto.randomUUID(),
    file,
    fileName: file.name,
    fileType: file.type || 'application/octet-stream',
    size: file.size,
    category,
    title: '',
    description: '',
    location: '',
    addedAt: now + i,
  }));
  for (const entry of entries) await putEntry(entry);
  publish({ items: [...snapshot.items, ...entries.map(itemOf)] });
  pump();
}

/** Her details of a queued file: kept on the phone, sent with its draft create. */
export function editQueued(queueId: string, details: Partial<Details>): void {
  update(queueId, details);
  void patchEntry(queueId, details);
}

/** Takes a file off the queue (a failed one, or one she no longer wants), stopping its upload. */
export async function removeQueued(queueId: string): Promise<void> {
  const upload = running.get(queueId);
  running.delete(queueId);
  if (upload) await upload.abort(true).catch(() => undefined);
  await deleteEntry(queueId);
  files.delete(queueId);
  publish({ items: snapshot.items.filter((item) => item.queueId !== queueId) });
  pump();
}

/** Sends a failed file again (same queue id). */
export function retryQueued(queueId: string): void {
  update(queueId, { phase: isOnline() ? 'queued' : 'waiting', error: undefined });
  pump();
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function queueSnapshot(): QueueSnapshot {
  return snapshot;
}
