import { describe, expect, it } from 'vitest';
import {
  checkBatch,
  nextToStart,
  readableTitle,
  uploadIdFromUrl,
  waitingCount,
  waitingLabel,
} from './batch-rules';

const MB = 1024 * 1024;
const limits = { fileBytes: 50 * MB, files: 3, batchBytes: 100 * MB };
const jpeg = (name: string, mb: number) => ({ name, size: mb * MB, type: 'image/jpeg' });

describe('readableTitle', () => {
  it('turns a camera file name into words', () => {
    expect(readableTitle('great_blue-heron.at.dawn.JPG')).toBe('great blue heron at dawn');
    expect(readableTitle('IMG_2041.jpeg')).toBe('IMG 2041');
  });

  it('keeps a name that is only an extension', () => {
    expect(readableTitle('.jpg')).toBe('.jpg');
  });
});

describe('waitingLabel', () => {
  it('says how many files wait', () => {
    expect(waitingLabel(3)).toBe('3 waiting for a connection');
    expect(waitingLabel(1)).toBe('1 waiting for a connection');
  });
});

describe('uploadIdFromUrl', () => {
  it('is the last segment of the upload address', () => {
    expect(uploadIdFromUrl('https://shop.example/api/admin/uploads/abc_123-x')).toBe('abc_123-x');
    expect(uploadIdFromUrl('/api/admin/uploads/abc/?x=1')).toBe('abc');
  });
});

describe('checkBatch', () => {
  it('lets everything within the limits go on', () => {
    const files = [jpeg('a.jpg', 10), jpeg('b.jpg', 10)];
    expect(checkBatch(files, limits)).toEqual({ accepted: files, problems: [] });
  });

  it('names a file over the per-file limit and lets the rest go on', () => {
    const big = jpeg('huge.jpg', 60);
    const result = checkBatch([jpeg('a.jpg', 1), big], limits);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg']);
    expect(result.problems).toEqual(['Larger than 50MB per photo: huge.jpg.']);
  });

  it('names the files over the count and the batch total, counting what is already queued', () => {
    const files = [jpeg('a.jpg', 40), jpeg('b.jpg', 40), jpeg('c.jpg', 1)];
    const result = checkBatch(files, limits, { files: 1, bytes: 50 * MB });
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg', 'c.jpg']);
    expect(result.problems).toEqual(['A batch holds at most 100MB in all; left out: b.jpg.']);

    const many = checkBatch([jpeg('1.jpg', 1), jpeg('2.jpg', 1), jpeg('3.jpg', 1), jpeg('4.jpg', 1)], limits);
    expect(many.accepted).toHaveLength(3);
    expect(many.problems).toEqual(['A batch holds at most 3 photos; left out: 4.jpg.']);
  });

  it('names a file that is not an image', () => {
    const result = checkBatch([{ name: 'notes.pdf', size: 1000, type: 'application/pdf' }], limits);
    expect(result).toEqual({ accepted: [], problems: ['Not an image file: notes.pdf.'] });
  });
});

describe('queue state', () => {
  const item = (phase: Parameters<typeof waitingCount>[0][number]['phase'], addedAt: number) => ({
    phase,
    addedAt,
  });

  it('starts nothing offline', () => {
    expect(nextToStart([item('queued', 1)], false)).toEqual([]);
  });

  it('sends at most two at once, oldest first', () => {
    const items = [item('queued', 3), item('uploading', 0), item('waiting', 2), item('failed', 1)];
    expect(nextToStart(items, true)).toEqual([item('waiting', 2)]);
    expect(nextToStart([item('queued', 2), item('queued', 1), item('queued', 3)], true)).toEqual([
      item('queued', 1),
      item('queued', 2),
    ]);
    expect(nextToStart([item('uploading', 1), item('creating', 2), item('queued', 3)], true)).toEqual([]);
  });

  it('counts the files waiting for the network, not the failed ones', () => {
    const items = [item('queued', 1), item('uploading', 2), item('failed', 3)];
    expect(waitingCount(items, false)).toBe(2);
    expect(waitingCount(items, true)).toBe(0);
  });
});
