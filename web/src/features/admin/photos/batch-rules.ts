import type { BatchUploadLimits } from '@contract';
import { formatMb } from './image-files';

/**
 * The batch screen's pure rules: what a file name reads as, which chosen files may be sent
 * (checked before anything goes out), and which queued files start next.
 */

/** 'IMG_2041-great_blue-heron.jpg' -> 'IMG 2041 great blue heron': the title's placeholder. */
export function readableTitle(fileName: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return (
    stem
      .replace(/[_\-.]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || fileName
  );
}

/** "3 waiting for a connection", "1 waiting for a connection". */
export function waitingLabel(count: number): string {
  return `${count} waiting for a connection`;
}

/** The tus upload's id: the last segment of its address. */
export function uploadIdFromUrl(uploadUrl: string): string {
  const path = uploadUrl.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

type Sized = { name: string; size: number; type: string };

export type BatchCheck<F extends Sized> = {
  accepted: F[];
  /** One sentence per problem, naming the file(s) left out. */
  problems: string[];
};

function names(files: Sized[]): string {
  return files.map((file) => file.name).join(', ');
}

/**
 * Which of the chosen files go on: images only, each within the per-file limit, then in order
 * while the count and the batch's total stay within the limits (`alreadyQueued` files and bytes
 * count against both). What is left out is named; the rest go on.
 */
export function checkBatch<F extends Sized>(
  files: F[],
  limits: Pick<BatchUploadLimits, 'fileBytes' | 'files' | 'batchBytes'>,
  alreadyQueued: { files: number; bytes: number } = { files: 0, bytes: 0 },
): BatchCheck<F> {
  const notImages = files.filter((file) => file.type !== '' && !file.type.startsWith('image/'));
  const tooLarge = files.filter((file) => !notImages.includes(file) && file.size > limits.fileBytes);
  const overCount: F[] = [];
  const overTotal: F[] = [];
  const accepted: F[] = [];
  let count = alreadyQueued.files;
  let bytes = alreadyQueued.bytes;
  for (const file of files) {
    if (notImages.includes(file) || tooLarge.includes(file)) continue;
    if (count >= limits.files) overCount.push(file);
    else if (bytes + file.size > limits.batchBytes) overTotal.push(file);
    else {
      accepted.push(file);
      count += 1;
      bytes += file.size;
    }
  }
  const problems: string[] = [];
  if (notImages.length > 0) problems.push(`Not an image file: ${names(notImages)}.`);
  if (tooLarge.length > 0)
    problems.push(`Larger than ${formatMb(limits.fileBytes)} per photo: ${names(tooLarge)}.`);
  if (overCount.length > 0)
    problems.push(`A batch holds at most ${limits.files} photos; left out: ${names(overCount)}.`);
  if (overTotal.length > 0)
    problems.push(
      `A batch holds at most ${formatMb(limits.batchBytes)} in all; left out: ${names(overTotal)}.`,
    );
  return { accepted, problems };
}

/** Where a queued file is: waiting offline, next in line, sending bytes, making its draft, or stopped by an error. */
export type QueuePhase = 'waiting' | 'queued' | 'uploading' | 'creating' | 'failed';

/**
 * The files to start now: none offline; else those next in line, oldest first, while fewer than
 * `parallel` are sending or making their draft.
 */
export function nextToStart<T extends { phase: QueuePhase; addedAt: number }>(
  items: T[],
  online: boolean,
  parallel = 2,
): T[] {
  if (!online) return [];
  const running = items.filter((item) => item.phase === 'uploading' || item.phase === 'creating').length;
  const free = Math.max(0, parallel - running);
  return items
    .filter((item) => item.phase === 'queued' || item.phase === 'waiting')
    .sort((a, b) => a.addedAt - b.addedAt)
    .slice(0, free);
}

/** How many queued files wait for the network (all that are not sent and not stopped by an error). */
export function waitingCount(items: { phase: QueuePhase }[], online: boolean): number {
  return online ? 0 : items.filter((item) => item.phase !== 'failed').length;
}
