import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

type Faq = { question: string };

describe('short cache of public reads', () => {
  it('answers repeated reads from the cache, and any write through the API clears it at once', async () => {
    const visitor = app.client();
    expect(await visitor.json<Faq[]>(visitor.get('/api/faqs'))).toEqual([]);

    // A change made behind the API's back is not seen while the cached answer lives...
    await app.ctx.db('faqs').insert({ question: 'Behind the back?', answer: 'Yes.', order_index: 0 });
    expect(await visitor.json<Faq[]>(visitor.get('/api/faqs'))).toEqual([]);

    // ...but a write through the API is visible on the very next read.
    const admin = await app.admin();
    await admin.json(
      admin.post('/api/admin/faqs', { question: 'Do you frame prints?', answer: 'Not yet.' }),
      201,
    );
    const questions = (await visitor.json<Faq[]>(visitor.get('/api/faqs'))).map((f) => f.question);
    expect(questions).toEqual(['Behind the back?', 'Do you frame prints?']);
  });

  it('keeps the ETag on cached answers so browsers still get 304s', async () => {
    const c = app.client();
    const first = await c.get('/api/categories');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await c.get('/api/categories', { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
  });
});
