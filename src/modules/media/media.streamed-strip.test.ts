import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationTagsIn, makeLocatedImage } from '../../../tests/support/located-images';
import { stripLocation } from './media.location-strip';
import { patchedChunks, stripJpegFile } from './media.streamed-strip';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wildframe-streamed-strip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function onDisk(data: Buffer): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.jpg`);
  await writeFile(file, data);
  return file;
}

async function streamed(file: string, size: number): Promise<Buffer | null> {
  const result = await stripJpegFile(file, size);
  if (!result) return null;
  const chunks: Buffer[] = [];
  for await (const c of patchedChunks(file, result.patches)) chunks.push(Buffer.from(c)); // the buffer is reused
  return Buffer.concat(chunks);
}

describe('stripJpegFile + patchedChunks', () => {
  it('makes byte for byte what stripLocation makes in memory, appended frames included', async () => {
    const main = await makeLocatedImage('jpeg', { width: 1800, height: 1200 });
    const frame = await makeLocatedImage('jpeg', { width: 160, height: 120 });
    // two frames after the main image, the file spanning several chunks
    const input = Buffer.concat([main, frame, Buffer.alloc(1024 * 1024 + 17, 0x55), frame]);
    const file = await onDisk(input);
    const got = await streamed(file, input.length);
    const expected = stripLocation(Buffer.from(input), 'jpeg').data;
    expect(got).not.toBeNull();
    expect(got!.length).toBe(input.length);
    expect(got!.equals(expected)).toBe(true);
    expect(await locationTagsIn(got!)).toEqual([]);
    expect(got!.includes(Buffer.from('GPSLatitude'))).toBe(false);
  });

  it('changes nothing in a JPEG without a location', async () => {
    const input = stripLocation(await makeLocatedImage('jpeg', { width: 300, height: 200 }), 'jpeg').data;
    const file = await onDisk(input);
    const result = await stripJpegFile(file, input.length);
    expect(result?.changed).toBe(false);
    expect((await streamed(file, input.length))!.equals(input)).toBe(true);
  });

  it('leaves a JPEG whose metadata is larger than a megabyte to the in-memory path', async () => {
    const input = await makeLocatedImage('jpeg', { width: 300, height: 200 });
    // a 1.5 MB run of comment segments before the scan
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), Buffer.alloc(0xfffd, 0x20)]);
    const padded = Buffer.concat([input.subarray(0, 2), ...Array(24).fill(comment), input.subarray(2)]);
    expect(await stripJpegFile(await onDisk(padded), padded.length)).toBeNull();
  });
});
