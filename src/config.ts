import { existsSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_DATABASE_URL } from './platform/database-setup-error';

// Env vars arrive as strings; an empty string means "not set".
/** SITE_NAME unset: a name that is no one's (never the demo's). */
export const DEFAULT_SITE_NAME = 'Fine Art Photography';
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const bool = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? fallback : v),
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]),
  );
const urlWithDefault = (protocols: RegExp, fallback: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? fallback : v), z.url({ protocol: protocols }));
const optionalUrl = (protocols: RegExp) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: protocols }).optional());

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: urlWithDefault(/^postgres(ql)?$/, DEFAULT_DATABASE_URL),
    REDIS_URL: urlWithDefault(/^rediss?$/, 'redis://127.0.0.1:6379'),
    // Namespace for every Redis key (queues, sessions, rate limits): lets test runs share one Redis.
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]+$/i)
      .default('wf'),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    PUBLIC_URL: optionalUrl(/^https?$/),
    // The shop's name (titles, footer, e-mails, the installed app); unset or blank: a neutral one
    // (the demo's own name is the demo's to set: DEMO_SITE_NAME).
    SITE_NAME: optionalString.pipe(z.string().trim().optional()).transform((v) => v || DEFAULT_SITE_NAME),
    // Her name (footer, certificates, share tags); unset until she sets it: the set-up checklist asks.
    PHOTOGRAPHER_NAME: optionalString.pipe(z.string().trim().optional()).transform((v) => v || undefined),
    // Dates on server-rendered pages (the buyer's order page) are written in this zone on the
    // server and in the browser alike, so the two renders match wherever the buyer is.
    SHOP_TIME_ZONE: z
      .string()
      .default('America/New_York')
      .refine(isTimeZone, 'must be an IANA time zone, e.g. America/New_York'),
    ADMIN_USERNAME: optionalString.pipe(z.string().min(1).max(50).optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(12, 'must be at least 12 characters').max(100).optional(),
    ),
    DEMO_DATA: bool(true),
    SMTP_URL: optionalUrl(/^smtps?$/),
    // The sender's address, bare or as "Name <address>"; mail goes out under SITE_NAME either way.
    MAIL_FROM: z
      .string()
      .regex(/[^\s<>@]+@[^\s<>@]+/, 'must be an e-mail address, e.g. prints@example.com')
      .default('no-reply@localhost'),
    OWNER_EMAIL: optionalString.pipe(z.email().optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalUrl(/^https?$/),
    // The print lab's API (Lumaprints): set only to use a local double (tests, a demo without keys);
    // otherwise the lab's production or sandbox address, as the admin's test mode says.
    LUMAPRINTS_API_BASE: optionalUrl(/^https?$/),
    // Prodigi's API (v4.0, with the version in the address), likewise only for a local double.
    PRODIGI_API_BASE: optionalUrl(/^https?$/),
    // The demo labs: both labs' doubles run inside the API (under /demo-labs on PUBLIC_URL), the
    // labs point at them and are set up with the doubles' keys: products, quotes, an order sent
    // and shipped with tracking, without an account. Everything made is marked demo.
    LAB_DEMO: bool(false),
    // How long after a demo lab takes an order it ships it (tracking number, webhook/callback).
    LAB_DEMO_SHIP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    // The fewest pixels per inch of print a lab-made size needs (on both sides) to be offered.
    LAB_MIN_PPI: z.coerce.number().int().min(50).max(600).default(150),
    PAYMENTS_PROVIDER: optionalString.pipe(z.enum(['stripe', 'test']).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    // Which proxies in front of the app to believe about the visitor's address and scheme
    // (X-Forwarded-For/-Proto): false, true (one hop), a hop count, or a comma-separated list of
    // addresses/CIDRs (Express's names loopback, linklocal and uniquelocal work too).
    // Unset: trust nobody, unless PUBLIC_URL is https (see trustProxy below).
    TRUST_PROXY: z.preprocess(
      (v) => (v === undefined || v === '' ? undefined : String(v).trim()),
      z
        .string()
        .regex(/^[\w.:/,\s-]+$/, 'must be true, false, a hop count or a list of addresses')
        .transform((v): TrustProxy => {
          if (v === 'false' || v === '0') return false;
          if (v === 'true') return 1;
          if (/^\d+$/.test(v)) return Number(v);
          return v
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean);
        })
        .optional(),
    ),
    // Prometheus metrics (off unless one is set): GET /metrics on the app's port with
    // `Authorization: Bearer <METRICS_TOKEN>`, and/or a listener of its own on METRICS_ADDRESS
    // (host:port, e.g. 127.0.0.1:9464: keep it private), open to whoever reaches it.
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    METRICS_ADDRESS: optionalString.pipe(
      z
        .string()
        .regex(/^(\[[0-9a-f:.]+\]|[\w.-]+):\d{1,5}$/i, 'must be host:port, e.g. 127.0.0.1:9464')
        .optional(),
    ),
    DATA_DIR: z.string().default('data'),
    // Where `npm run backup` writes when given no path; the admin's set-up checklist reads the
    // newest backup's time from it.
    BACKUP_DIR: z.string().min(1).default('backups'),
    // Where image files live: 'filesystem' (DATA_DIR/media) or 's3' (any S3-compatible bucket).
    MEDIA_STORE: z.enum(['filesystem', 's3']).default('filesystem'),
    /** Serves media files from another host: a CDN in front of /media, or a bucket's public address for its variants/. */
    PUBLIC_MEDIA_URL: optionalUrl(/^https?$/),
    MEDIA_S3_BUCKET: optionalString,
    MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
    // R2, B2, MinIO: their S3 endpoint; unset for AWS itself
    MEDIA_S3_ENDPOINT: optionalUrl(/^https?$/),
    MEDIA_S3_FORCE_PATH_STYLE: bool(false),
    // unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role)
    MEDIA_S3_ACCESS_KEY_ID: optionalString,
    MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
    // Largest photo the admin's photo form (multipart) takes, in MB: camera originals, so a 24-60
    // megapixel camera JPEG (8-40 MB) is taken on a fresh shop. Never below the spec's limits (5 MB
    // when adding, 10 MB when replacing); the spec's JSON upload (base64) keeps those, and
    // thumbnails stay at 1 and 2 MB.
    MAX_PHOTO_MB: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int('must be a whole number of MB').min(1).max(100).default(50),
    ),
    // Memory (README "Small servers (1 GB)"). libvips' threads per image: sharp's own default is 1
    // on glibc without jemalloc, the CPU count otherwise; more threads, more memory per image.
    SHARP_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    // libvips' operation cache in MB (0: off): every upload and variant is a new image, so a cache
    // only keeps a 50 MB original mapped for a repeat that never comes.
    SHARP_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(0),
    // Images a worker process makes variants of at once (each holds a decoded original).
    MEDIA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    // The response cache's bound (finished pages, JSON and images in memory), per API process.
    RESPONSE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    // Longest a single database query may take before the request answers 503 (0: no limit).
    DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
    // How often each worker process re-drives durable work from Postgres (the sweeper).
    SWEEP_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    // An order nobody paid (payment pending or failed) is canceled by the sweeper, its payment
    // intent with it, once it is this many hours old.
    UNPAID_ORDER_TTL_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.MEDIA_STORE === 's3' && !c.MEDIA_S3_BUCKET)
      issue('MEDIA_S3_BUCKET', 'is required when MEDIA_STORE=s3');
    if (c.NODE_ENV === 'production' && !c.SESSION_SECRET)
      issue('SESSION_SECRET', 'is required in production');
    if (!!c.ADMIN_USERNAME !== !!c.ADMIN_PASSWORD)
      issue(
        c.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME',
        'ADMIN_USERNAME and ADMIN_PASSWORD go together',
      );
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_PUBLISHABLE_KEY)
      issue('STRIPE_PUBLISHABLE_KEY', 'is required when STRIPE_SECRET_KEY is set');
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET)
      issue('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set');
    if (c.PAYMENTS_PROVIDER === 'stripe' && !c.STRIPE_SECRET_KEY)
      issue('STRIPE_SECRET_KEY', 'is required when PAYMENTS_PROVIDER=stripe');
  });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Where the demo labs' APIs answer on the shop's address (LAB_DEMO). */
export const DEMO_LAB_PATHS = {
  lumaprints: '/demo-labs/lumaprints',
  prodigi: '/demo-labs/prodigi',
} as const;

/** Express's 'trust proxy': nobody, the nearest n hops, or proxies at these addresses/CIDRs/names. */
export type TrustProxy = false | number | string[];

/**
 * With an https PUBLIC_URL and no TRUST_PROXY, something in front of the app terminates TLS; a
 * proxy on this machine or a private network (Caddy, nginx, a container network) is believed.
 */
export const PRIVATE_PROXIES: readonly string[] = ['loopback', 'linklocal', 'uniquelocal'];

export type Config = z.infer<typeof schema> & {
  sessionSecret: string;
  publicUrl: string;
  /** PUBLIC_URL is https: the shop is meant to be visited over TLS only (HSTS, upgrade requests). */
  httpsOnly: boolean;
  /** The 'trust proxy' setting in effect: TRUST_PROXY, or its default (see PRIVATE_PROXIES). */
  trustProxy: TrustProxy;
  paymentsProvider: 'stripe' | 'test' | 'none';
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Loads a `.env` file into process.env when there is one (Node's own parser); a variable already
 * in the environment wins over the file. Returns whether a file was read.
 */
export function loadEnvFile(file = '.env'): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/**
 * The configuration from `env`. Given the process's own environment (the default), `./.env` is
 * loaded into it first; an env object of one's own (tests) is taken as it is, with no file read.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env === process.env) loadEnvFile();
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const c = parsed.data;
  const paymentsProvider =
    c.PAYMENTS_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : c.NODE_ENV === 'production' ? 'none' : 'test');
  const httpsOnly = c.PUBLIC_URL?.startsWith('https:') ?? false;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT || 3000}`).replace(/\/$/, '');
  return {
    ...c,
    // the demo labs answer on the shop's own address (src/demo/labs/demo-labs.ts), so the worker
    // processes reach them too; a base URL set explicitly wins
    ...(c.LAB_DEMO
      ? {
          LUMAPRINTS_API_BASE: c.LUMAPRINTS_API_BASE ?? `${publicUrl}${DEMO_LAB_PATHS.lumaprints}`,
          PRODIGI_API_BASE: c.PRODIGI_API_BASE ?? `${publicUrl}${DEMO_LAB_PATHS.prodigi}/v4.0`,
        }
      : {}),
    // Outside production a fixed secret is fine: sessions live in a local Redis anyway.
    sessionSecret: c.SESSION_SECRET ?? 'wildframe-development-session-secret-not-for-production',
    publicUrl,
    httpsOnly,
    trustProxy: c.TRUST_PROXY ?? (httpsOnly ? [...PRIVATE_PROXIES] : false),
    paymentsProvider,
  };
}
