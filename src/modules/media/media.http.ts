import type { Request, Response } from 'express';
import { notFound } from '../../platform/http/app-error';
import { isAdminRequest } from '../../platform/http/guards';
import { createSizedLru } from '../../platform/sized-lru';
import type { AssetKind } from './media.rules';
import type { MediaService } from './media.service';
import type { ServedVariant } from './media.variants';
import { etagMatches, parseVariantFileName, pickFormat, type VariantKind } from './media.rules';

export type SendImageOptions = { kind: 'thumb' | 'display'; width?: number };

const YEAR = 'public, max-age=31536000, immutable';

/** `?w=` as a width, ignored when it is not a sensible number. */
export function requestedWidth(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  return n >= 1 ? Math.min(n, 10_000) : undefined;
}

/** The two ways an image is answered: by negotiation (the spec's addresses) and as a named file. */
export function createImageSenders(
  service: MediaService,
  isPublic: (assetId: number, kind: AssetKind) => Promise<boolean>,
) {
  // The ETag is a hash of the bytes, so bytes cached under it can never be stale.
  const bytes = createByteCache(64 * 1024 * 1024);

  async function send(req: Request, res: Response, variant: ServedVariant, cacheControl: string) {
    const etag = `"${variant.etag}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControl);
    if (etagMatches(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    let data = bytes.get(variant.etag);
    if (!data) {
      data = await variant.load();
      bytes.set(variant.etag, data);
    }
    res.setHeader('Content-Type', variant.mimeType);
    res.setHeader('Content-Length', String(data.length));
    res.end(req.method === 'HEAD' ? undefined : data);
  }

  return {
    /**
     * `/api/photos/{id}/image` and the like: the best stored variant for `?w=` and `Accept`, ETag,
     * 304 on a match, and a year of immutable caching when the URL is versioned (`?v=`).
     */
    async sendImage(req: Request, res: Response, assetId: number, opts: SendImageOptions): Promise<void> {
      const kind: VariantKind = opts.kind;
      const variant = await service.findVariant(
        assetId,
        kind,
        opts.width ?? requestedWidth(req.query.w),
        pickFormat(req.get('accept')),
      );
      if (!variant) throw notFound('The image does not exist.');
      res.setHeader('Vary', 'Accept');
      await send(req, res, variant, req.query.v !== undefined ? YEAR : 'public, max-age=300');
    },

    /**
     * `/media/{asset}/{width|thumb}.{avif|jpg}`: the address names one file (format and width), so
     * it is cached for a year by anyone, with no `Vary`. A new image is a new asset, a new address.
     */
    async sendFile(req: Request, res: Response, assetId: number, name: string): Promise<void> {
      const file = parseVariantFileName(name);
      let owners = false;
      const variant =
        file &&
        (await service.findFile(assetId, file, async (kind) => {
          // the asset's audiences say (a photo's image is public while its photo is)
          owners = !(await isPublic(assetId, kind));
          return !owners || isAdminRequest(req);
        }));
      if (!variant) {
        // a missing file may appear (its photo published): no cache keeps the 404
        res.setHeader('Cache-Control', 'no-store');
        throw notFound('The image does not exist.');
      }
      // the owner's preview of a draft: kept by no cache (the response cache skips private answers)
      await send(req, res, variant, owners ? 'private, no-store' : YEAR);
    },
  };
}

/**
 * Keeps the most recently served image bytes in memory (least recently used evicted first, up to
 * `maxBytes`), so popular variants cost no read from the media store.
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
