import { useSyncExternalStore } from 'react';
import type { PhotoDetail } from '../../lib/api-types';

/**
 * The print size chosen on a photo's page, shared by its islands: the options pick it, the photo
 * and the full-screen viewer frame it, the wall preview shows it. Kept per photo, outside React
 * (each island is a root of its own). The server never chooses one.
 */
const chosen = new Map<number, number>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Chooses a size of a photo. */
export function choosePrint(photoId: number, optionId: number): void {
  chosen.set(photoId, optionId);
  listeners.forEach((listener) => listener());
}

type Option = PhotoDetail['printOptions'][number];

/** The size chosen for `photo` (never a sold-out edition's: it shows but cannot be picked). */
export function useChosenPrint(photo: Pick<PhotoDetail, 'id' | 'printOptions'>): Option | undefined {
  const id = useSyncExternalStore(
    subscribe,
    () => chosen.get(photo.id),
    () => undefined,
  );
  return photo.printOptions?.find((option) => option.id === id && !option.edition?.soldOut);
}
