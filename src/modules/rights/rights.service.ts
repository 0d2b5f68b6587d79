import sharp from 'sharp';
import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import { badRequest } from '../../platform/http/app-error';
import {
  rightsMessages as messages,
  WATERMARK_PNG_MAX_PIXELS,
  type RightsSettingsInput,
  type RightsSettingsView,
} from '../../contract';
import type { ImageStamp } from '../../shared/file-rights';
import type { PhotoRightsFacts } from '../catalog';
import type { RightsRepository, Tx } from './rights.repository';
import {
  absoluteUrl,
  aiCrawlerSection,
  changesFiles,
  defaultNotice,
  pngSize,
  stampFor,
  tdmHeaders,
  tdmrepJson,
  type RightsSettings,
} from './rights.rules';

type Deps = {
  repo: RightsRepository;
  config: Pick<Config, 'publicUrl' | 'PHOTOGRAPHER_NAME' | 'SITE_NAME'>;
  logger: Logger;
  /** catalog's answer: the photo naming this asset as image or thumbnail. */
  photoOfAsset(assetId: number): Promise<PhotoRightsFacts | null>;
  /** Publishes 'rights.changed' in the settings' transaction. */
  rightsChanged(tx: Tx, assetIds: number[] | 'all'): Promise<unknown>;
};

// Serving reads the settings from memory (no query per request): refreshed at once after a change
// here, and re-read when older than this (a change another process made).
const REFRESH_MS = 30_000;
/** The widest a stored watermark logo is kept: the mark is at most half of a 2400 px image. */
const WATERMARK_MAX_WIDTH = 2000;

/** The settings before the first read: the migration's defaults (serving never waits for the database). */
const BEFORE_FIRST_READ: RightsSettings = {
  creator: '',
  copyrightNotice: null,
  creditLine: '',
  rightsUrl: '/about',
  dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
  aiCrawlersBlocked: false,
  aiCrawlerAgents: [],
  watermark: {
    enabled: false,
    kind: 'text',
    text: '',
    png: null,
    position: 'bottom-right',
    widthShare: 0.2,
    opacity: 0.6,
    fromWidth: 1080,
  },
  updatedAt: new Date(0),
};

/** Her rights: the settings, what each image's files carry, and the TDM and robots answers. */
export function createRightsService({ repo, config, logger, photoOfAsset, rightsChanged }: Deps) {
  const name = config.PHOTOGRAPHER_NAME || config.SITE_NAME;
  let current = BEFORE_FIRST_READ;
  let readAt = 0;
  // each save here counts one: a read that began before a save must not put the older row back
  let saves = 0;
  const keep = (s: RightsSettings) => {
    current = s;
    readAt = Date.now();
    return s;
  };
  const refresh = () => {
    const at = saves;
    return repo.load().then((s) => (at === saves ? keep(s) : s));
  };
  let rereading: Promise<unknown> | null = null;
  /** The copy in memory; a stale one is re-read in the background (one read at a time, no timer). */
  const inMemory = (): RightsSettings => {
    if (!rereading && Date.now() - readAt > REFRESH_MS)
      rereading = refresh()
        .catch((err: Error) => logger.warn({ err: err.message }, 'rights settings not read'))
        .finally(() => (rereading = null));
    return current;
  };
  const policyUrl = (s: RightsSettings) => absoluteUrl(config.publicUrl, s.rightsUrl);

  function toView(s: RightsSettings): RightsSettingsView {
    const { png, ...watermark } = s.watermark;
    return {
      creator: s.creator,
      copyrightNotice: s.copyrightNotice,
      defaultNotice: defaultNotice(name, new Date().getFullYear()),
      creditLine: s.creditLine,
      rightsUrl: s.rightsUrl,
      dataMining: s.dataMining,
      aiCrawlersBlocked: s.aiCrawlersBlocked,
      aiCrawlerAgents: s.aiCrawlerAgents,
      watermark: {
        ...watermark,
        imageDataUrl: png ? `data:image/png;base64,${png.toString('base64')}` : null,
      },
      updatedAt: s.updatedAt.toISOString(),
    };
  }

  /** Saves, publishing 'rights.changed' for every image when what files carry changed. */
  async function save(change: (before: RightsSettings) => Omit<RightsSettings, 'updatedAt'>) {
    const after = await repo.save(change, async (tx, before, next) => {
      if (changesFiles(before, next)) await rightsChanged(tx, 'all');
    });
    saves++;
    return toView(keep(after));
  }

  return {
    async view(): Promise<RightsSettingsView> {
      return toView(keep(await repo.load()));
    },

    async save(input: RightsSettingsInput): Promise<RightsSettingsView> {
      return save((before) => {
        if (input.watermark.enabled && input.watermark.kind === 'image' && !before.watermark.png)
          throw badRequest(messages.pngNeeded, { 'watermark.kind': messages.pngNeeded });
        return { ...input, watermark: { ...input.watermark, png: before.watermark.png } };
      });
    },

    /** Her logo as the watermark: a PNG, its size read from its header before anything decodes it. */
    async setWatermarkImage(bytes: Buffer | undefined): Promise<RightsSettingsView> {
      if (!bytes?.length) throw badRequest(messages.pngMissing, { image: messages.pngMissing });
      const size = pngSize(bytes);
      if (!size) throw badRequest(messages.pngOnly, { image: messages.pngOnly });
      if (size.width * size.height > WATERMARK_PNG_MAX_PIXELS)
        throw badRequest(messages.pngTooManyPixels, { image: messages.pngTooManyPixels });
      const png = await sharp(bytes, { limitInputPixels: WATERMARK_PNG_MAX_PIXELS })
        .resize({ width: WATERMARK_MAX_WIDTH, withoutEnlargement: true })
        .png()
        .toBuffer()
        .catch(() => {
          throw badRequest(messages.pngOnly, { image: messages.pngOnly });
        });
      return save((before) => ({ ...before, watermark: { ...before.watermark, png } }));
    },

    /** The logo gone: an image watermark is then off (a text one stays as it is). */
    async removeWatermarkImage(): Promise<RightsSettingsView> {
      return save((before) => ({
        ...before,
        watermark: {
          ...before.watermark,
          png: null,
          enabled: before.watermark.enabled && before.watermark.kind === 'text',
        },
      }));
    },

    /**
     * What an asset's variants carry: a photo's image or custom thumbnail its title, notice and
     * watermark; a site image (logo, headshot, wall room) the site's rights alone. Null: a photo's
     * asset no photo names (being deleted).
     */
    async stampOf(assetId: number, kind: string): Promise<ImageStamp | null> {
      // a remake runs right after a change in another process: the copy here must not be older than
      // the row (one small query; the whole row, with its PNG, only when it changed)
      const changedAt = await repo.updatedAt();
      const settings = changedAt.getTime() === current.updatedAt.getTime() ? current : await refresh();
      const site = { name, publicUrl: config.publicUrl, year: new Date().getFullYear() };
      if (kind !== 'photo' && kind !== 'thumbnail') return stampFor(settings, site, null);
      const photo = await photoOfAsset(assetId);
      return photo ? stampFor(settings, site, photo) : null;
    },

    /** tdm-reservation and tdm-policy for pages and images, from memory. */
    tdmHeaders(): [string, string][] {
      const s = inMemory();
      return tdmHeaders(s, policyUrl(s));
    },
    tdmrepJson() {
      const s = inMemory();
      return tdmrepJson(s, policyUrl(s));
    },
    /** robots.txt's section for AI crawlers (empty while she has not switched it on). */
    robotsSection: (): string[] => aiCrawlerSection(inMemory()),
    /** Reads the settings now (the app's start, so the first answers carry hers, not the defaults). */
    load: () => refresh().then(() => undefined),
  };
}
export type RightsService = ReturnType<typeof createRightsService>;
