import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { createPageCache, type RenderedPage } from './page-cache';

function counter(pages: Record<string, RenderedPage>) {
  const calls: string[] = [];
  const render = async (path: string) => {
    calls.push(path);
    return pages[path] ?? { status: 404, html: `<p>missing ${path}</p>` };
  };
  return { calls, render };
}

describe('page cache', () => {
  it('renders a page once for concurrent and repeated requests, with one ETag and compressed bytes', async () => {
    const { calls, render } = counter({ '/faq': { status: 200, html: '<h1>FAQ</h1>' } });
    const cache = createPageCache(render, 60_000);
    const [a, b] = await Promise.all([cache.get('/faq'), cache.get('/faq')]);
    const c = await cache.get('/faq');
    expect(calls).toEqual(['/faq']);
    if (!a || !b || !c || 'redirect' in a || 'redirect' in b || 'redirect' in c) throw new Error('no page');
    expect(a.etag).toBe(b.etag);
    expect(c.etag).toBe(a.etag);
    expect(gunzipSync(await c.body('gzip')).toString()).toBe('<h1>FAQ</h1>');
    expect((await c.body('identity')).toString()).toBe('<h1>FAQ</h1>');
  });

  it('keeps no 404 pages and passes redirects through', async () => {
    const { calls, render } = counter({ '/photo/abc': { redirect: '/portfolio' } });
    const cache = createPageCache(render, 60_000);
    expect(await cache.get('/photo/abc')).toEqual({ redirect: '/portfolio' });
    const missing = await cache.get('/nope');
    expect(missing && 'status' in missing && missing.status).toBe(404);
    await cache.get('/nope');
    expect(calls.filter((p) => p === '/nope')).toHaveLength(2);
  });

  it('is cleared by a write, and a render that raced the write is not kept', async () => {
    let title = 'Heron';
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    const cache = createPageCache(async () => {
      const html = `<h1>${title}</h1>`;
      if (gated) await gate;
      return { status: 200, html };
    }, 60_000);
    await cache.get('/photo/1');
    gated = true;
    cache.invalidate();
    const racing = cache.get('/photo/1'); // renders the old title, then a write lands
    const write = { method: 'PUT' } as Request;
    const listeners: (() => void)[] = [];
    const res = { on: (_event: string, fn: () => void) => listeners.push(fn) } as unknown as Response;
    cache.invalidateOnWrite(write, res, () => undefined);
    title = 'Egret';
    release();
    await racing;
    listeners.forEach((fn) => fn());
    gated = false;
    const after = await cache.get('/photo/1');
    if (!after || 'redirect' in after) throw new Error('no page');
    expect((await after.body('identity')).toString()).toBe('<h1>Egret</h1>');
  });
});
