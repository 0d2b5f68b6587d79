import type { Request, Response } from 'express';
import { notFound } from '../../platform/http/app-error';
import { createSizedLru } from '../../platform/sized-lru';
import type { MediaService } from './media.service';
import { etagMatches, pickFormat, type VariantKind } from './media.rules';

export type SendImageOptions = { kind: 'thumb' | 'display'; width?: number };

/** `?w=` as a width, ignored when it is not a sensible number. */
export function requestedWidth(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  return n >= 1 ? Math.min(n, 10_000) : undefined;
}

/**
 * Answers an image request with the best stored variant for `?w=` and `Accept`: ETag, 304 on a
 * match, and a year of immutable caching when the URL is versioned (`?v=`).
 */
export function createSendImage(service: MediaService) {
  const bytes = createByteCache(64 * 1024 * 1024);
  return async function sendImage(
    req: Request,
    res: Response,
    assetId: number,
    opts: SendImageOptions,
  ): Promise<void> {
    const format = pickFormat(req.get('accept'));
    const kind: VariantKind = opts.kind;
    const variant = await service.findVariant(
      assetId,
      kind,
      opts.width ?? requestedWidth(req.query.w),
      format,
    );
    if (!variant) throw notFound('The image does not exist.');
    const etag = `"${variant.etag}"`;
    res.setHeader('Vary', 'Accept');
    res.setHeader('ETag', etag);
    res.setHeader(
      'Cache-Control',
      req.query.v !== undefined ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    );
    if (etagMatches(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    // The ETag is a hash of the bytes, so bytes cached under it can never be stale.
    let data = bytes.get(variant.etag);
    if (!data) {
      data = await variant.load();
      bytes.set(variant.etag, data);
    }
    res.setHeader('Content-Type', variant.mimeType);
    res.setHeader('Content-Length', String(data.length));
    res.end(req.method === 'HEAD' ? undefined : data);
  };
}

/**
 * Keeps the most recently served image bytes in memory (least recently used evicted first, up to
 * `maxBytes`), so popular variants cost no database read of their bytes.
 */
export function createByteCache(maxBytes: number) {
  const lru = createSizedLru<Buffer>(maxBytes, (data) => data.length);
  return {
    get: lru.get,
    set(key: string, data: Buffer): void {
      if (data.length <= maxBytes / 8 && !lru.has(key)) lru.set(key, data);
    },
    get size() {
      return lru.size;
    },
  };
}
