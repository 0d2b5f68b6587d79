import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/rich-text';
import type { ContentRepository, Tx } from './content.repository';
import {
  IMAGE_MAX_BYTES,
  contentMessages as messages,
  type AboutContent,
  type AboutInput,
  type Faq,
  type FaqInput,
  type FaqPatch,
  type ImageFormatFiles,
  type Logo,
  type ShippingNotice,
  type ShippingNoticeInput,
  type Site,
} from '../../contract';
import { defaultAbout, defaultFaqs, defaultShippingNotice } from './content.seed';
import type { ImageForFiles } from '../media';

export const TAGLINE = 'Bring the beauty of creation home';

/** What content needs from the media module (its public surface). */
export type ContentMedia = {
  ingest(
    buffer: Buffer,
    opts: { kind: 'logo' | 'headshot' | 'photo'; maxBytes: number; field?: string },
    trx?: Tx,
  ): Promise<{ id: number; width: number; height: number; mimeType: string; placeholderColor: string }>;
  deleteAsset(assetId: number, trx?: Tx): Promise<unknown>;
  getAsset(assetId: number): Promise<ImageForFiles | null>;
  filesOf(image: ImageForFiles): ImageFormatFiles[];
};

type Deps = {
  repo: ContentRepository;
  media: ContentMedia;
  config: Pick<
    Config,
    'SITE_NAME' | 'PHOTOGRAPHER_NAME' | 'SHOP_TIME_ZONE' | 'STRIPE_PUBLISHABLE_KEY' | 'paymentsProvider'
  >;
  logger: Logger;
  /** Publishes 'site-image.uploaded' in the transaction that stored the image (variants follow). */
  imageUploaded(tx: Tx, assetId: number, kind: 'logo' | 'headshot' | 'wall-room'): Promise<unknown>;
  /** The catalogue's digest of what the public sees of protected and scheduled photos (/api/site). */
  locationsVersion(): Promise<string>;
};

export function createContentService({ repo, media, config, imageUploaded, locationsVersion }: Deps) {
  const filesOf = async (assetId: number | null | undefined) => {
    const asset = assetId ? await media.getAsset(assetId) : null;
    return asset ? media.filesOf(asset) : null;
  };

  const getLogo = async (): Promise<Logo> => {
    const row = await repo.getLogo();
    if (!row) return { logoUrl: null, files: null, logoType: null, width: null, height: null };
    return {
      logoUrl: `/api/logo/image?v=${row.assetId}`,
      files: await filesOf(row.assetId),
      logoType: row.mimeType,
      width: row.width,
      height: row.height,
    };
  };

  const getAbout = async (): Promise<AboutContent> => {
    const row = await repo.getAbout();
    return {
      mainBio: row?.mainBio ?? null,
      approachText: row?.approachText ?? null,
      servicesText: row?.servicesText ?? null,
      headshotUrl: row?.headshotId ? `/api/about/headshot?v=${row.headshotId}` : null,
      headshotFiles: await filesOf(row?.headshotId),
      updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
    };
  };

  const getShippingNotice = async (): Promise<ShippingNotice> =>
    (await repo.getNotice()) ?? { isActive: false, line1: null, line2: null };

  /** The shop's name and payment settings (e-mails use these). */
  const site = (): Omit<Site, 'locationsVersion'> => {
    const provider = config.paymentsProvider;
    return {
      siteName: config.SITE_NAME,
      photographerName: config.PHOTOGRAPHER_NAME ?? '',
      tagline: TAGLINE,
      takingOrders: provider !== 'none',
      payments: {
        provider,
        publishableKey: provider === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      },
      timeZone: config.SHOP_TIME_ZONE,
    };
  };

  return {
    /** What /api/site answers: the settings and the photos' locationsVersion. */
    async publicSite(): Promise<Site> {
      return { ...site(), locationsVersion: await locationsVersion() };
    },

    site,

    // --- logo ---------------------------------------------------------------------------------
    getLogo,

    async logoAssetId(): Promise<number> {
      const row = await repo.getLogo();
      if (!row) throw notFound(messages.noLogo);
      return row.assetId;
    },

    /** Checks the file by its content (media.ingest) and makes it the site logo. */
    async replaceLogo(file: Buffer): Promise<Logo> {
      if (file.length > IMAGE_MAX_BYTES) throw new AppError('too_large', messages.logoTooLarge);
      await repo.transaction(async (tx) => {
        const previous = await repo.getLogo(tx);
        const a = await media.ingest(file, { kind: 'logo', maxBytes: IMAGE_MAX_BYTES, field: 'logo' }, tx);
        await repo.saveLogo({ assetId: a.id, mimeType: a.mimeType, width: a.width, height: a.height }, tx);
        // the old logo's original and variants go with it
        if (previous && previous.assetId !== a.id) await media.deleteAsset(previous.assetId, tx);
        await imageUploaded(tx, a.id, 'logo');
      });
      return getLogo();
    },

    // --- about --------------------------------------------------------------------------------
    getAbout,

    async headshotAssetId(): Promise<number> {
      const row = await repo.getAbout();
      if (!row?.headshotId) throw notFound(messages.noHeadshot);
      return row.headshotId;
    },

    /** Rich text is sanitized on write; a headshot is replaced only when one is sent. */
    async saveAbout(input: AboutInput): Promise<AboutContent> {
      const clean = (html: string | null | undefined) =>
        html === undefined ? undefined : html === null ? null : sanitizeRichText(html) || null;
      const headshot = input.headshotData ? decodeBase64Image(input.headshotData) : null;
      await repo.transaction(async (tx) => {
        const previous = headshot ? await repo.getAbout(tx) : null;
        const asset = headshot
          ? await media.ingest(
              headshot,
              { kind: 'headshot', maxBytes: IMAGE_MAX_BYTES, field: 'headshotData' },
              tx,
            )
          : null;
        await repo.saveAbout(
          {
            mainBio: clean(input.mainBio),
            approachText: clean(input.approachText),
            servicesText: clean(input.servicesText),
            ...(asset ? { headshotId: asset.id } : {}),
          },
          tx,
        );
        if (asset && previous?.headshotId && previous.headshotId !== asset.id)
          await media.deleteAsset(previous.headshotId, tx);
        if (asset) await imageUploaded(tx, asset.id, 'headshot');
      });
      return getAbout();
    },

    // --- FAQs ---------------------------------------------------------------------------------
    listFaqs: (): Promise<Faq[]> => repo.listFaqs(),

    createFaq: (input: FaqInput): Promise<Faq> => repo.insertFaq(input),

    async updateFaq(id: number, patch: FaqPatch): Promise<Faq> {
      const faq = await repo.updateFaq(id, patch);
      if (!faq) throw notFound(messages.faqNotFound);
      return faq;
    },

    async deleteFaq(id: number): Promise<void> {
      if (!(await repo.deleteFaq(id))) throw notFound(messages.faqNotFound);
    },

    /** The new order must name exactly the current FAQs, each once; applied all or nothing. */
    async reorderFaqs(faqIds: number[]): Promise<Faq[]> {
      await repo.transaction(async (tx) => {
        const current = await repo.lockFaqIds(tx);
        const wanted = new Set(faqIds);
        const sameSet =
          wanted.size === faqIds.length &&
          faqIds.length === current.length &&
          current.every((id) => wanted.has(id));
        if (!sameSet) throw badRequest(messages.faqOrderMismatch);
        await repo.setFaqOrder(faqIds, tx);
      });
      return repo.listFaqs();
    },

    // --- shipping notice ----------------------------------------------------------------------
    getShippingNotice,

    async saveShippingNotice(input: ShippingNoticeInput): Promise<ShippingNotice> {
      await repo.saveNotice({ isActive: input.isActive, line1: input.line1, line2: input.line2 });
      return getShippingNotice();
    },

    /** The notice lines for order e-mails: only when it is active and has a first line. */
    async activeShippingNotice(): Promise<{ line1: string; line2: string | null } | null> {
      const n = await repo.getNotice();
      if (!n?.isActive || !n.line1?.trim()) return null;
      return { line1: n.line1, line2: n.line2?.trim() ? n.line2 : null };
    },

    // --- first start --------------------------------------------------------------------------
    /** Writes the starting about page, FAQs and an inactive notice into empty tables; idempotent. */
    async seedDefaults(): Promise<{ about: boolean; faqs: boolean; notice: boolean }> {
      const about = defaultAbout(config.PHOTOGRAPHER_NAME);
      return repo.seedIfEmpty({
        about: {
          mainBio: sanitizeRichText(about.mainBio),
          approachText: sanitizeRichText(about.approachText),
          servicesText: sanitizeRichText(about.servicesText),
        },
        faqs: defaultFaqs,
        notice: defaultShippingNotice,
      });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;

/** base64 (optionally a data: URL) to bytes; the size limit is checked before decoding. */
function decodeBase64Image(data: string): Buffer {
  const body = data.replace(/^data:[^,]{0,100},/, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body))
    throw badRequest(messages.headshotInvalid, { headshotData: messages.headshotInvalid });
  if (Math.floor((body.length * 3) / 4) - (body.match(/=+$/)?.[0].length ?? 0) > IMAGE_MAX_BYTES)
    throw new AppError('too_large', messages.headshotTooLarge, { headshotData: messages.headshotTooLarge });
  const bytes = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
  if (!bytes.length) throw badRequest(messages.headshotInvalid, { headshotData: messages.headshotInvalid });
  return bytes;
}
