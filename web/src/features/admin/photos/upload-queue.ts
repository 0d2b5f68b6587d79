import { Upload } from 'tus-js-client';
import { nextToStart, type QueuePhase } from './batch-rules';
import { allEntries, deleteEntry, patchEntry, putEntry, type QueueEntry } from './upload-queue-store';
import {
  DEFAULT_ENDPOINT,
  FLUSH_MESSAGE,
  REMOVED,
  SYNC_TAG,
  sendEntry,
  untilReleased,
  type SendOutcome,
} from './upload-sender';

/**
 * The batch uploader: one per page load, at module level, so uploads go on while she is on
 * another admin screen and the batch screen shows them again when she comes back. Files and
 * details live in IndexedDB (upload-queue-store.ts); here only what is running.
 *
 * Online, at most two files are sent at once (upload-sender.ts: tus, resumable from the address
 * kept in the entry, then the draft under the file's queue id; only a 2xx answer takes it off the
 * phone). Offline, nothing starts: the files wait, a Background Sync is registered where the
 * browser has it, and the `online` event (or the service worker's sync message) flushes. With the
 * app closed, the service worker sends the queue itself (upload-sync-worker.ts); an entry it is
 * sending shows here as sending until its lock is released.
 */

/** Flaky field networks: tus-js-client retries a failed request after these delays (ms). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

const SIGNED_OUT = 'Signed out: sign in again and it will be sent.';

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
const running = new Map<string, AbortController>();
let endpoint = DEFAULT_ENDPOINT;
let started: Promise<void> | undefined;

function publish(next: Partial<QueueSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function update(queueId: string, patch: Partial<QueueItem>): void {
  publish({ items: snapshot.items.map((item) => (item.queueId === queueId ? { ...item, ...patch } : item)) });
}

const isOnline = () => navigator.onLine;

function itemOf(entry: QueueEntry): QueueItem {
  const { file: _file, ...rest } = entry;
  if (entry.error) return { ...rest, phase: 'failed', sent: 0 };
  return { ...rest, phase: isOnline() ? 'queued' : 'waiting', sent: entry.uploaded ? entry.size : 0 };
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

/** Off the list: its draft is made (here, by another window or by the service worker). */
function done(queueId: string): void {
  publish({
    items: snapshot.items.filter((it) => it.queueId !== queueId),
    created: snapshot.created + 1,
  });
  pump();
}

async function send(item: QueueItem): Promise<void> {
  const controller = new AbortController();
  running.set(item.queueId, controller);
  update(item.queueId, { phase: item.uploaded ? 'creating' : 'uploading', error: undefined });
  const outcome: SendOutcome = await sendEntry(item.queueId, {
    retryDelays: RETRY_DELAYS,
    signal: controller.signal,
    onUploadUrl: (uploadUrl) => update(item.queueId, { uploadUrl }),
    onProgress: (sent) => update(item.queueId, { sent }),
    onCreating: () => update(item.queueId, { phase: 'creating', uploaded: true, sent: item.size }),
  }).catch((): SendOutcome => ({ result: 'unsent' }));
  if (running.get(item.queueId) === controller) running.delete(item.queueId);
  if (controller.signal.aborted) return; // stopped here (offline, removed): pump() set its phase
  switch (outcome.result) {
    case 'sent':
    case 'gone':
      done(item.queueId);
      return;
    case 'busy':
      // the service worker (or another window) is sending it: shown as sending until it lets go,
      // then tried again here, which finds it gone or resumes it
      update(item.queueId, { phase: 'uploading' });
      await untilReleased(item.queueId);
      update(item.queueId, { phase: isOnline() ? 'queued' : 'waiting' });
      pump();
      return;
    case 'refused':
      fail(item.queueId, outcome.message);
      return;
    case 'signed-out':
      fail(item.queueId, SIGNED_OUT);
      return;
    case 'unsent':
      waitAgain(item.queueId);
  }
}

/** Starts what may start now. */
function pump(): void {
  if (!snapshot.loaded) return;
  if (!isOnline()) {
    // a request cut by a lost signal may hang rather than fail: stop it; the server keeps its
    // bytes, and the next start asks for its offset
    const stopped = new Set(running.keys());
    for (const controller of running.values()) controller.abort();
    running.clear();
    const stalls = (item: QueueItem) =>
      item.phase === 'queued' || item.phase === 'uploading' || stopped.has(item.queueId);
    if (snapshot.items.some(stalls))
      publish({ items: snapshot.items.map((item) => (stalls(item) ? { ...item, phase: 'waiting' } : item)) });
    registerSync();
    return;
  }
  for (const item of nextToStart(snapshot.items, true)) void send(item);
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
    endpoint,
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
  const sending = running.get(queueId);
  running.delete(queueId);
  sending?.abort(REMOVED);
  const item = snapshot.items.find((it) => it.queueId === queueId);
  // a failed upload has no request running: its unfinished bytes on the server go too
  if (!sending && item?.uploadUrl && !item.uploaded)
    void Upload.terminate(item.uploadUrl).catch(() => undefined);
  await deleteEntry(queueId);
  publish({ items: snapshot.items.filter((item) => item.queueId !== queueId) });
  pump();
}

/** Sends a failed file again (same queue id). */
export function retryQueued(queueId: string): void {
  // the stored sentence goes first: a send reading the entry before would find it refused again
  void patchEntry(queueId, { error: undefined }).then(() => {
    update(queueId, { phase: isOnline() ? 'queued' : 'waiting', error: undefined });
    pump();
  });
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function queueSnapshot(): QueueSnapshot {
  return snapshot;
}
