import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The phone's copy of the batch queue (IndexedDB): each chosen file (its Blob) with her details and,
 * once the server has given it, its tus upload address, so a reload or a closed app resumes from
 * the server's offset. An entry is deleted only when its draft create has answered 2xx. The admin
 * page and the service worker (upload-sync-worker.ts) both read it.
 */
export type QueueEntry = {
  /** A UUID made on the phone: the server answers the same photo for it, however often it is sent. */
  queueId: string;
  file: Blob;
  fileName: string;
  fileType: string;
  size: number;
  category: string;
  title: string;
  description: string;
  location: string;
  /** The tus endpoint the server named when she queued it (absent in older entries: the default). */
  endpoint?: string;
  /** The tus upload's address, kept as soon as the server made it. */
  uploadUrl?: string;
  /** Every byte is on the server: only the draft create is left. */
  uploaded?: boolean;
  /** The server refused the file (its sentence): not sent again until she retries it. */
  error?: string;
  addedAt: number;
};

interface QueueDb extends DBSchema {
  queue: { key: string; value: QueueEntry };
}

let db: Promise<IDBPDatabase<QueueDb>> | undefined;

function queueDb(): Promise<IDBPDatabase<QueueDb>> {
  db ??= openDB<QueueDb>('wildframe-uploads', 1, {
    upgrade(database) {
      database.createObjectStore('queue', { keyPath: 'queueId' });
    },
  });
  return db;
}

export async function allEntries(): Promise<QueueEntry[]> {
  return (await (await queueDb()).getAll('queue')).sort((a, b) => a.addedAt - b.addedAt);
}

export async function getEntry(queueId: string): Promise<QueueEntry | undefined> {
  return (await queueDb()).get('queue', queueId);
}

export async function putEntry(entry: QueueEntry): Promise<void> {
  await (await queueDb()).put('queue', entry);
}

/** Changes some fields of a stored entry (none when it is gone). */
export async function patchEntry(queueId: string, patch: Partial<QueueEntry>): Promise<void> {
  const database = await queueDb();
  const tx = database.transaction('queue', 'readwrite');
  const entry = await tx.store.get(queueId);
  if (entry) await tx.store.put({ ...entry, ...patch });
  await tx.done;
}

export async function deleteEntry(queueId: string): Promise<void> {
  await (await queueDb()).delete('queue', queueId);
}
