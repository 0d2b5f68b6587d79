import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters } from '../platform/http/input-rules';

// Her rights in every file (issue 50): the owner's rights settings and a photo's own notice. The
// admin screen shows these messages as they are.

// The contract imports nothing of src/shared: these lists are src/shared/file-rights.ts's
// (DATA_MINING's keys, WATERMARK_POSITIONS), kept equal by tests/unit/rights-contract.test.ts.
export const DATA_MINING_TERMS = [
  'DMI-PROHIBITED-AIMLTRAINING',
  'DMI-PROHIBITED-GENAIMLTRAINING',
  'DMI-PROHIBITED-EXCEPTSEARCHENGINEINDEXING',
  'DMI-PROHIBITED',
  'DMI-ALLOWED',
  'DMI-UNSPECIFIED',
] as const;
export const WATERMARK_POSITION_NAMES = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;

/** The widths a watermark may start from (0: every display size). */
export const WATERMARK_FROM_WIDTHS = [0, 640, 1080, 1600, 2400] as const;
/** The most bytes of a watermark logo file, and its most pixels (checked from its header first). */
export const WATERMARK_PNG_MAX_BYTES = 5 * 1024 * 1024;
export const WATERMARK_PNG_MAX_PIXELS = 25_000_000;

export const rightsMessages = {
  notice: 'Copyright notice must be at most 300 characters',
  credit: 'Credit line must be at most 300 characters',
  creator: 'Creator must be at most 200 characters',
  rightsUrl: 'Rights page must be a path on this site (like /about) or an http(s) address',
  dataMining: `Data mining must be one of ${DATA_MINING_TERMS.join(', ')}`,
  agents: 'Each AI crawler must be one user-agent name (letters, digits, - _ . /), at most 100 of them',
  position: `Position must be one of ${WATERMARK_POSITION_NAMES.join(', ')}`,
  widthShare: 'Watermark size must be between 5% and 50% of the width',
  opacity: 'Watermark opacity must be between 5% and 100%',
  fromWidth: `Watermark from must be one of ${WATERMARK_FROM_WIDTHS.join(', ')} (0: all sizes)`,
  kind: "Watermark must be 'text' or 'image'",
  watermarkText: 'Watermark text must be at most 200 characters',
  pngMissing: 'Please choose a PNG file for the watermark.',
  pngOnly: 'The watermark image must be a PNG file (transparency is kept).',
  pngTooLarge: 'The watermark image must be at most 5 MB.',
  pngTooManyPixels: 'The watermark image is too large: at most 25 megapixels (5000 x 5000).',
  pngNeeded: 'Upload a watermark image first, or choose a text watermark.',
  saved: 'Rights settings saved.',
  pngRemoved: 'Watermark image removed.',
} as const;

/** One line of text up to `max` characters, no control characters; blank is ''. */
const line = (label: string, max: number, tooLong: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong)
    .refine((v) => !hasControlCharacters(v), controlCharactersMessage(label));

/** A copyright notice (the site's, or a photo's own): blank or null is none (the default applies). */
export const copyrightNoticeSchema = z
  .union([line('Copyright notice', 300, rightsMessages.notice), z.null()])
  .transform((v) => (v ? v : null));

/** A path on this site ('/about') or an absolute http(s) address. */
export function isRightsUrl(v: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

const AGENT = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,59}$/;
const share = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, message).max(max, message);

/** PUT /api/admin/rights: the whole settings (the watermark's PNG has its own address). */
export const rightsSettingsInputSchema = z.object({
  creator: line('Creator', 200, rightsMessages.creator),
  copyrightNotice: copyrightNoticeSchema,
  creditLine: line('Credit line', 300, rightsMessages.credit),
  rightsUrl: z
    .string({ error: rightsMessages.rightsUrl })
    .trim()
    .max(500, rightsMessages.rightsUrl)
    .refine(isRightsUrl, rightsMessages.rightsUrl),
  dataMining: z.enum(DATA_MINING_TERMS, { error: rightsMessages.dataMining }),
  aiCrawlersBlocked: z.boolean({ error: 'aiCrawlersBlocked must be true or false' }),
  /** One user-agent token each (robots.txt's `User-agent:` lines); blanks and repeats dropped. */
  aiCrawlerAgents: z
    .array(z.string({ error: rightsMessages.agents }).trim(), { error: rightsMessages.agents })
    .transform((list) => [...new Set(list.filter(Boolean))])
    .refine((list) => list.length <= 100 && list.every((a) => AGENT.test(a)), rightsMessages.agents),
  watermark: z.object(
    {
      enabled: z.boolean({ error: 'watermark.enabled must be true or false' }),
      kind: z.enum(['text', 'image'], { error: rightsMessages.kind }),
      text: line('Watermark text', 200, rightsMessages.watermarkText),
      position: z.enum(WATERMARK_POSITION_NAMES, { error: rightsMessages.position }),
      widthShare: share(0.05, 0.5, rightsMessages.widthShare),
      opacity: share(0.05, 1, rightsMessages.opacity),
      fromWidth: z
        .number({ error: rightsMessages.fromWidth })
        .refine((w) => (WATERMARK_FROM_WIDTHS as readonly number[]).includes(w), rightsMessages.fromWidth),
    },
    { error: 'watermark must be an object' },
  ),
});
export type RightsSettingsInput = z.output<typeof rightsSettingsInputSchema>;

/** GET /api/admin/rights (and the answer of PUT and of the watermark image's writes). */
export const rightsSettingsViewSchema = z.object({
  creator: z.string(),
  /** null: each photo's default, shown in `defaultNotice` */
  copyrightNotice: z.string().nullable(),
  /** What a photo without a notice carries, for this year ("© 2026 Dana Whitfield, all rights reserved"). */
  defaultNotice: z.string(),
  creditLine: z.string(),
  rightsUrl: z.string(),
  dataMining: z.enum(DATA_MINING_TERMS),
  aiCrawlersBlocked: z.boolean(),
  aiCrawlerAgents: z.array(z.string()),
  watermark: z.object({
    enabled: z.boolean(),
    kind: z.enum(['text', 'image']),
    text: z.string(),
    /** The logo's bytes are stored: a data: URL of it for the preview, or null. */
    imageDataUrl: z.string().nullable(),
    position: z.enum(WATERMARK_POSITION_NAMES),
    widthShare: z.number(),
    opacity: z.number(),
    fromWidth: z.number(),
  }),
  updatedAt: z.string(),
});
export type RightsSettingsView = z.infer<typeof rightsSettingsViewSchema>;
