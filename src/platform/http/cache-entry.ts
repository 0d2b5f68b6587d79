import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// A cached answer: its body as finished bytes in every form it is sent in (identity, gzip,
// brotli), each with its header list ready for writeHead, and its ETag.

/** What a producer hands the cache: a finished answer. Only a 200 is stored. */
export type Produced = {
  status?: number;
  contentType: string;
  body: Buffer | string;
  /** e.g. Cache-Control, Vary; an ETag here is kept, otherwise one is computed from the body */
  headers?: Record<string, string>;
};

export type Form = { body: Buffer; head: string[] };
export type Entry = {
  status: number;
  storedAt: number;
  bytes: number;
  /** Headers the route set (Content-Type, Cache-Control, ETag, Vary...), without the base ones. */
  headers: [string, string][];
  etag: string;
  identity: Form;
  gzip?: Form;
  br?: Form;
  notModified: string[];
};
export type Encoding = 'br' | 'gzip' | 'identity';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
/** Below this a compressed form is not worth its bytes (and compression() would not bother). */
const COMPRESS_MIN_BYTES = 1024;
/** Headers the cache sets itself on every answer it sends. */
export const OWN = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'transfer-encoding',
  'date',
]);

/** The same weak ETag Express makes for a body (length and SHA-1, as the `etag` package does). */
function weakEtag(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}

/**
 * The entry for a produced answer; `compressible` text of at least 1 KiB also gets its gzip and
 * brotli forms (made once, here). `baseHead` is sent with every answer (security headers).
 */
export async function buildEntry(p: Produced, compressible: boolean, baseHead: string[]): Promise<Entry> {
  const body = typeof p.body === 'string' ? Buffer.from(p.body) : p.body;
  const headers: [string, string][] = [['Content-Type', p.contentType]];
  let etag: string | undefined;
  let vary: string[] = [];
  for (const [k, v] of Object.entries(p.headers ?? {})) {
    const name = k.toLowerCase();
    if (name === 'etag') etag = v;
    else if (name === 'vary') vary = v.split(',').map((s) => s.trim());
    else if (name !== 'content-type' && !OWN.has(name)) headers.push([k, v]);
  }
  etag ??= weakEtag(body);
  const compress = compressible && body.length >= COMPRESS_MIN_BYTES;
  if (compress && !vary.includes('Accept-Encoding')) vary.push('Accept-Encoding');
  const common = [
    ...baseHead,
    ...headers.flat(),
    'ETag',
    etag,
    ...(vary.length ? ['Vary', vary.join(', ')] : []),
  ];
  const form = (data: Buffer, encoding?: Encoding): Form => ({
    body: data,
    head: [
      ...common,
      ...(encoding ? ['Content-Encoding', encoding] : []),
      'Content-Length',
      String(data.length),
    ],
  });
  const e: Entry = {
    status: p.status ?? 200,
    storedAt: Date.now(),
    bytes: body.length,
    headers: [
      ...headers,
      ['ETag', etag],
      ...(vary.length ? [['Vary', vary.join(', ')] as [string, string]] : []),
    ],
    etag,
    identity: form(body),
    notModified: common,
  };
  if (compress) {
    const [gz, br] = await Promise.all([
      gzip(body, { level: 6 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    e.gzip = form(gz, 'gzip');
    e.br = form(br, 'br');
    e.bytes += gz.length + br.length;
  }
  return e;
}
