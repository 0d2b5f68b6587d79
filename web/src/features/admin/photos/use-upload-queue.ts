import { useEffect, useSyncExternalStore } from 'react';
import { queueSnapshot, startUploadQueue, subscribeQueue, type QueueSnapshot } from './upload-queue';

/** The batch queue as it is now (re-renders on every change); loads the phone's queue on first use. */
export function useUploadQueue(): QueueSnapshot {
  useEffect(() => {
    void startUploadQueue();
  }, []);
  return useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
}
