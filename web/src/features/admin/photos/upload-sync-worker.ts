import { FetchHttpStack } from './fetch-http-stack';
import { allEntries } from './upload-queue-store';
import { FLUSH_MESSAGE, SYNC_TAG, sendEntry, type SendOutcome } from './upload-sender';

/**
 * The batch queue's Background Sync, run by the service worker (built on its own by
 * vite.upload-sync.config.ts into /upload-sync.js, which the generated worker imports). When the
 * browser fires the sync (the network is back), the queue on the phone is sent from here, so the
 * photos go with the app closed. Open admin windows are told too: each entry goes with whoever
 * takes its lock first (upload-sender.ts), never twice.
 */

/** The parts of the service worker's scope used here (the project's types are the window's). */
type SyncEvent = Event & { tag: string; waitUntil(work: Promise<unknown>): void };
type WorkerScope = {
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  clients: { matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]> };
};

const worker = self as unknown as WorkerScope;
const httpStack = new FetchHttpStack();
/** Short: the browser limits a sync's time and fires it again later when it fails. */
const RETRY_DELAYS = [0, 2000, 5000];

/** Sends every entry not refused before, one at a time; fails when some wait for the network. */
async function sendQueue(): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage(FLUSH_MESSAGE);
  let unsent = 0;
  for (const entry of await allEntries()) {
    if (entry.error) continue;
    const outcome: SendOutcome = await sendEntry(entry.queueId, { retryDelays: RETRY_DELAYS, httpStack });
    // signed out: the queue stays for the next signed-in open
    if (outcome.result === 'signed-out') return;
    if (outcome.result === 'unsent') unsent += 1;
  }
  // a failed sync is fired again by the browser, later
  if (unsent > 0) throw new Error(`${unsent} queued photo(s) not sent yet.`);
}

worker.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(sendQueue());
});
