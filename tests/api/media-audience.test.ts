import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { insertPhoto } from '../support/shop-data';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 51: a draft's or scheduled photo's files are not public at /media either (asset ids are
// sequential: a guess must not find them), while the owner's previews of drafts keep working.

let app: TestApp;
let admin: HttpClient; // the owner, signed in
beforeAll(async () => void (admin = await (app = await createTestApp()).admin()));
afterAll(() => app?.close());

/** A photo as given (draft, publish time) and its thumbnail's and a display file's addresses. */
async function photo(state: { draft?: boolean; publish_at?: Date | null }) {
  const { photoId } = await insertPhoto(app.ctx.db, { title: 'Crane', pixels: { width: 800, height: 600 } });
  await app.ctx.db('photos').where({ id: photoId }).update(state);
  const { original_id } = await app.ctx.db('photos').where({ id: photoId }).first();
  return { photoId, files: [`/media/${original_id}/thumb.jpg`, `/media/${original_id}/640.avif`] };
}

const status = async (client: HttpClient, address: string) => (await client.get(address)).status;

describe('/media files of photos not public yet', () => {
  it("answers 404 for a draft's files to a visitor, and the owner's preview privately", async () => {
    const { photoId, files } = await photo({ draft: true });
    const visitor = app.client();
    for (const address of files) {
      const res = await visitor.get(address);
      expect(res.status, address).toBe(404);
      expect(res.headers.get('cache-control'), address).toBe('no-store');
      const mine = await admin.get(address);
      expect(mine.status, address).toBe(200);
      expect(mine.headers.get('cache-control'), address).toBe('private, no-store');
      // the owner's answer was kept by no cache: the visitor still gets the 404
      expect(await status(visitor, address), address).toBe(404);
    }
    // published: everyone's, cached for a year
    await admin.json(admin.post('/api/admin/photo-drafts/publish', { ids: [photoId] }));
    for (const address of files) {
      const res = await visitor.get(address);
      expect(res.status, address).toBe(200);
      expect(res.headers.get('cache-control'), address).toBe('public, max-age=31536000, immutable');
    }
  });

  it("answers 404 for a scheduled photo's files until its time has come", async () => {
    const { photoId, files } = await photo({ publish_at: new Date(Date.now() + 3_600_000) });
    const visitor = app.client();
    for (const address of files) expect(await status(visitor, address), address).toBe(404);
    for (const address of files) expect(await status(admin, address), address).toBe(200);
    // its time comes (the database's clock decides, as for its page)
    await app.ctx
      .db('photos')
      .where({ id: photoId })
      .update({ publish_at: new Date(Date.now() - 1000) });
    for (const address of files) expect(await status(visitor, address), address).toBe(200);
  });

  it("serves a published photo's files to anyone", async () => {
    const { files } = await photo({ draft: false });
    const visitor = app.client();
    for (const address of files) expect(await status(visitor, address), address).toBe(200);
  });
});
