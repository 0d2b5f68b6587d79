import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, startCatalogApp } from '../support/catalog-fixtures';
import { makeCameraJpeg } from '../support/camera-jpeg';

// Nothing a request carries may hold the event loop (and so every other visitor) for long: bodies
// at the size limits (16 MB for admin writes, 100 kB elsewhere) shaped to be slow to parse or walk
// are refused from their bytes, and the largest real upload is handled in short steps.
const BUDGET_MS = 100;
const MB = 1024 * 1024;
const ADMIN_LIMIT = 16 * MB;
const PUBLIC_LIMIT = 100 * 1024;

let app: TestApp;
let admin: HttpClient;
let photoId: number;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
  photoId = (await addPhoto(admin)).id;
});
afterAll(() => app?.close());

// The test's own garbage (built bodies) is collected before each measurement, not during it.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

type Answer = { status: number; body: { message?: string; errors?: Record<string, string> } };

/** Sends a prepared body (nothing serialized while measured) and reads the JSON answer. */
function send(
  method: string,
  path: string,
  body: Buffer,
  asAdmin: boolean,
  contentType = 'application/json',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${app.url}${path}`,
      {
        method,
        headers: {
          'content-type': contentType,
          'content-length': String(body.length),
          'sec-fetch-site': 'same-origin',
          ...(asAdmin ? { cookie: admin.cookieHeader } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The answer, and the longest the event loop was held while the request was in progress. */
async function measured(method: string, path: string, body: Buffer, asAdmin: boolean, contentType?: string) {
  gc();
  await new Promise((r) => setTimeout(r, 20));
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const answer = await send(method, path, body, asAdmin, contentType);
  await new Promise((r) => setTimeout(r, 5)); // a last sample after the answer
  histogram.disable();
  // each sample is the time between two 1 ms ticks: what exceeds the tick is the loop held
  return { ...answer, heldMs: histogram.max / 1e6 - 1 };
}

/** `open` + item,item,...,item + `close`, as close to `size` bytes as the items allow. */
function repeated(size: number, open: string, item: string, close: string): Buffer {
  const n = Math.floor((size - open.length - close.length + 1) / (item.length + 1));
  const body = Buffer.alloc(open.length + n * (item.length + 1) - 1 + close.length);
  body.write(open);
  body.fill(`${item},`, open.length, body.length - close.length);
  body.write(close, body.length - close.length);
  return body;
}

/** `open` + `middle` repeated + `close`, exactly `size` bytes. */
function padded(size: number, open: string, middle: string, close: string): Buffer {
  const body = Buffer.alloc(size, middle);
  body.write(open);
  body.write(close, size - close.length);
  return body;
}

/** Arrays inside each other, `size` bytes of them. */
const nested = (size: number) => Buffer.alloc(size, '[').fill(']', size / 2);

/** An object of keys `k0`, `k1`... filling `size` bytes. */
function manyKeys(size: number): Buffer {
  const parts: string[] = [];
  let length = 2;
  for (let i = 0; length < size - 20; i++) {
    const part = `"k${i}":1`;
    parts.push(part);
    length += part.length + 1;
  }
  return Buffer.from(`{${parts.join(',')}}`);
}

type Case = {
  name: string;
  method: string;
  path: string;
  body: () => Buffer;
  admin: boolean;
  status: number;
  message: RegExp;
};

const adminCase = (
  name: string,
  body: () => Buffer,
  message: RegExp,
  [method, path] = ['PUT', '/api/admin/categories/reorder'],
) => ({ name, method, path, body, admin: true, status: 400, message }) satisfies Case;
const newFaq: [string, string] = ['POST', '/api/admin/faqs'];
const publicCase = (name: string, body: () => Buffer, message: RegExp, path: string) =>
  ({ name, method: 'POST', path, body, admin: false, status: 400, message }) satisfies Case;

const entries = /more than 2000 entries/;
const cases: Case[] = [
  // the body of the report: 4 MB of one long array
  adminCase('a 4 MB array of strings', () => repeated(4 * MB, '{"categoryIds":[', '"a"', ']}'), entries),
  adminCase('a 16 MB array of numbers', () => repeated(ADMIN_LIMIT, '{"categoryIds":[', '1', ']}'), entries),
  adminCase('a 16 MB array of empty objects', () => repeated(ADMIN_LIMIT, '[', '{}', ']'), entries),
  adminCase('16 MB of nesting', () => nested(ADMIN_LIMIT), /nested more than 32 levels/),
  adminCase('16 MB of keys', () => manyKeys(ADMIN_LIMIT), entries, ['PATCH', '/api/admin/faqs/1']),
  adminCase(
    'a 16 MB number',
    () => padded(ADMIN_LIMIT, '{"categoryIds":[', '9', ']}'),
    /number .* longer than 64/,
  ),
  adminCase(
    'a 16 MB string of escapes',
    () => padded(ADMIN_LIMIT, '{"question":"', '\\', '","answer":"a"}'),
    /more than 100000 escaped/,
    newFaq,
  ),
  adminCase(
    'a 16 MB key',
    () => padded(ADMIN_LIMIT, '{"', 'k', '":1}'),
    /field name .* longer than 100/,
    newFaq,
  ),
  adminCase(
    '16 MB of whitespace',
    () => padded(ADMIN_LIMIT, '{"categoryIds":', ' ', '"x"}'),
    /categoryIds must be a list/,
  ),
  // within every limit: the schema's own answer, as before
  adminCase(
    'a 16 MB answer with a NUL and many values',
    () =>
      padded(
        ADMIN_LIMIT,
        `{"x":[${Array(9)
          .fill(repeated(4000, '[', '1', ']'))
          .join(',')}],"question":"a\\u0000","answer":"`,
        'a',
        '"}',
      ),
    /Text must not contain NUL characters/,
    newFaq,
  ),
  adminCase(
    'a 16 MB answer',
    () => padded(ADMIN_LIMIT, '{"question":"Q?","answer":"', 'a', '"}'),
    /Answer must be at most 5000 characters/,
    newFaq,
  ),
  publicCase('a 100 kB array', () => repeated(PUBLIC_LIMIT, '{"photoId":[', '1', ']}'), entries, '/api/cart'),
  publicCase('100 kB of nesting', () => nested(PUBLIC_LIMIT), /nested more than 32 levels/, '/api/cart'),
  publicCase('100 kB of keys', () => manyKeys(PUBLIC_LIMIT), entries, '/api/checkout'),
];

// A hold is timed on a shared machine: a GC pause or another process can push one run past the
// budget. A real hold repeats every time, so a run over it is tried again (twice) before it fails.
describe('request bodies at the size limits', { retry: 2 }, () => {
  it.each(cases)('$name: refused as before or from its shape, without holding the loop', async (c) => {
    const body = c.body();
    expect(body.length).toBeLessThanOrEqual(c.admin ? ADMIN_LIMIT : PUBLIC_LIMIT);
    const answer = await measured(c.method, c.path, body, c.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(c.status);
    expect(answer.body.message).toMatch(c.message);
    expect(answer.heldMs).toBeLessThan(BUDGET_MS);
  });

  it('one byte over the limit is still a 413, and a normal write still works', async () => {
    const over = await measured('POST', '/api/cart', padded(PUBLIC_LIMIT + 1, '{"a":"', 'a', '"}'), false);
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('The request is too large.');
    const faq = await admin.json(admin.post('/api/admin/faqs', { question: 'Q?', answer: 'A.' }), 201);
    expect(faq).toMatchObject({ question: 'Q?', answer: 'A.' });
  });

  it('the largest photo an edit takes (10 MB and a 2 MB thumbnail) is saved without holding the loop', async () => {
    // noise does not compress: a real JPEG of about the limit
    const noise = { type: 'gaussian', mean: 128, sigma: 90 } as const;
    const noisy = (side: number) =>
      sharp({ create: { width: side, height: side, channels: 3, background: '#000', noise } })
        .jpeg({ quality: 100 })
        .toBuffer();
    const [image, thumbnail] = await Promise.all([noisy(2600), noisy(1100)]);
    expect(image.length).toBeGreaterThan(7 * MB);
    expect(image.length).toBeLessThanOrEqual(10 * MB);
    expect(thumbnail.length).toBeGreaterThan(1 * MB);
    expect(thumbnail.length).toBeLessThanOrEqual(2 * MB);
    const body = Buffer.from(
      JSON.stringify({
        title: 'Noise',
        description: '',
        category: 'birds',
        imageData: `data:image/jpeg;base64,${image.toString('base64')}`,
        thumbnailData: `data:image/jpeg;base64,${thumbnail.toString('base64')}`,
      }),
    );
    const answer = await measured('PUT', `/api/admin/photos/${photoId}`, body, true);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { original_id } = await app.ctx.db('photos').where({ id: photoId }).first();
    const stored = await app.ctx.db('media_assets').where({ id: original_id }).first('byte_size');
    expect(Number(stored.byte_size)).toBeGreaterThan(7 * MB);
    expect(answer.heldMs).toBeLessThan(BUDGET_MS);
  });

  it("the largest camera original the admin's form takes (just under 50 MB) is saved without holding the loop", async () => {
    const jpeg = await makeCameraJpeg(7380, 4920, { noise: true, quality: 100 });
    expect(jpeg.length).toBeGreaterThan(48 * MB);
    expect(jpeg.length).toBeLessThan(50 * MB);
    const boundary = 'wf-event-loop';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(
        field('title', 'Camera original') +
          field('description', '') +
          field('category', 'birds') +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="camera.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await measured(
      'POST',
      '/api/admin/photos',
      body,
      true,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const photo = answer.body as { id?: number };
    const { original_id } = await app.ctx.db('photos').where({ id: photo.id }).first();
    const stored = await app.ctx.db('media_assets').where({ id: original_id }).first('byte_size');
    expect(Number(stored.byte_size)).toBe(jpeg.length);
    expect(answer.heldMs).toBeLessThan(BUDGET_MS);
  }, 90_000);
});
