import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';

// Issue 38, see the print on a wall: the owner's own room photos with a marked reference (two
// points and their real length) and where a print hangs, listed for the photo page's preview.

let app: TestApp;
let admin: HttpClient;
let roomJpeg: Buffer;

const fields = {
  label: 'Living room',
  refX1: '0.3',
  refY1: '0.8',
  refX2: '0.7',
  refY2: '0.8',
  refLengthIn: '84',
  printX: '0.5',
  printY: '0.35',
};

function form(values: Record<string, string>, image: Buffer | null = roomJpeg) {
  const body = new FormData();
  for (const [k, v] of Object.entries(values)) body.set(k, v);
  if (image) body.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'room.jpg');
  return body;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  roomJpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d9d2c5' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await app?.close();
});

describe("the owner's rooms", () => {
  it('stores a room with its marked reference and lists it publicly with its photo', async () => {
    const res = await admin.request('POST', '/api/admin/wall-rooms', form(fields));
    expect(res.status, await res.clone().text()).toBe(201);
    const room = await res.json();
    expect(room).toMatchObject({
      label: 'Living room',
      width: 1600,
      height: 1200,
      reference: { x1: 0.3, y1: 0.8, x2: 0.7, y2: 0.8, lengthIn: 84 },
      printAt: { x: 0.5, y: 0.35 },
    });
    const list = await (await fetch(`${app.url}/api/wall-rooms`)).json();
    expect(list).toEqual([room]);
    const image = await fetch(`${app.url}${room.imageUrl}&w=1080`, { headers: { accept: 'image/jpeg' } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(1080);
  });

  it('refuses a room without a photo, a point out of range or a mark too short, storing nothing', async () => {
    const before = await (await fetch(`${app.url}/api/wall-rooms`)).json();
    const noPhoto = await admin.request('POST', '/api/admin/wall-rooms', form(fields, null));
    expect(noPhoto.status).toBe(400);
    expect((await noPhoto.json()).message).toBe('Please select a photo of the room.');
    const outside = await admin.request('POST', '/api/admin/wall-rooms', form({ ...fields, refX2: '1.4' }));
    expect(outside.status).toBe(400);
    expect((await outside.json()).errors).toHaveProperty('refX2');
    const tooShort = await admin.request('POST', '/api/admin/wall-rooms', form({ ...fields, refX2: '0.31' }));
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toBe('Mark the two ends of the reference farther apart.');
    const noLength = await admin.request(
      'POST',
      '/api/admin/wall-rooms',
      form({ ...fields, refLengthIn: '0' }),
    );
    expect(noLength.status).toBe(400);
    expect(await (await fetch(`${app.url}/api/wall-rooms`)).json()).toEqual(before);
    const stranger = await fetch(`${app.url}/api/admin/wall-rooms`, { method: 'POST', body: form(fields) });
    expect(stranger.status).toBe(401);
  });

  it('deletes a room with its photo', async () => {
    const room = await (
      await admin.request('POST', '/api/admin/wall-rooms', form({ ...fields, label: 'Hall' }))
    ).json();
    const assetId = Number(new URL(room.imageUrl, app.url).searchParams.get('v'));
    const res = await admin.request('DELETE', `/api/admin/wall-rooms/${room.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Room deleted.' });
    const list = (await (await fetch(`${app.url}/api/wall-rooms`)).json()) as { id: number }[];
    expect(list.map((r) => r.id)).not.toContain(room.id);
    expect(await app.ctx.db('media_assets').where({ id: assetId }).first()).toBeUndefined();
    expect((await fetch(`${app.url}${room.imageUrl}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/wall-rooms/${room.id}`)).status).toBe(404);
  });
});
