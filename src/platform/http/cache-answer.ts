import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { Encoding, Entry, Form } from './cache-entry';

// Answering from an entry: a conditional GET gets its 304, otherwise the best form the
// request's Accept-Encoding allows.

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * A conditional GET the stored answer satisfies: 304. (As an origin server we evaluate
 * If-None-Match whatever the request's Cache-Control says; `no-cache` there is for caches.)
 */
export function isFresh(req: IncomingMessage, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  return !!inm && etagMatches(inm, etag);
}

const encodingChoices = new Map<string, { br: boolean; gzip: boolean }>();
/** Which compressed forms an Accept-Encoding header allows (q=0 refuses; * allows both). */
function acceptedEncodings(header: string): { br: boolean; gzip: boolean } {
  let hit = encodingChoices.get(header);
  if (hit) return hit;
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qp = params.find((p) => p.trim().startsWith('q='));
    q[name.trim()] = qp ? Number(qp.trim().slice(2)) || 0 : 1;
  }
  const ok = (name: string) => (q[name] ?? q['*'] ?? 0) > 0;
  hit = { br: ok('br'), gzip: ok('gzip') };
  if (encodingChoices.size < 200) encodingChoices.set(header, hit);
  return hit;
}

export function pickForm(req: IncomingMessage, e: Entry): { form: Form; encoding: Encoding } {
  const header = req.headers['accept-encoding'];
  if (header && (e.br || e.gzip)) {
    const ok = acceptedEncodings(header);
    if (ok.br && e.br) return { form: e.br, encoding: 'br' };
    if (ok.gzip && e.gzip) return { form: e.gzip, encoding: 'gzip' };
  }
  return { form: e.identity, encoding: 'identity' };
}

/** Sends an entry on an Express response (a miss, or a request that waited for one). */
export function sendOn(req: Request, res: Response, e: Entry, end: Response['end'] = res.end): void {
  const finish = end as (this: Response, body?: Buffer) => Response;
  for (const [k, v] of e.headers) res.setHeader(k, v);
  if (isFresh(req, e.etag)) {
    res.statusCode = 304;
    finish.call(res);
    return;
  }
  const { form, encoding } = pickForm(req, e);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(form.body.length));
  res.statusCode = e.status;
  finish.call(res, req.method === 'HEAD' ? undefined : form.body);
}
