import type {
  AdminDownloadSize,
  AdminLicence,
  AdminPhotoLicensing,
  DownloadSizeInput,
  LicenceCatalogue,
  LicenceInput,
  LicencePage,
  LicencePricesInput,
  PhotoLicensing,
  PhotoLicensingInput,
} from '../../contract';
import { licenceAdminMessages, licenceMessages } from '../../contract';
import { badRequest, notFound } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/rich-text';
import type { LicenceOffersRepository } from './licence-offers.repository';
import { isSlug, pixelsOf, slugFromName, uniqueSlug } from './licence-rules';
import type {
  LicenceRow,
  LicencesCatalogueRepository,
  PriceRow,
  SizeRow,
} from './licences-catalogue.repository';

const dollars = (cents: number) => cents / 100;
const cents = (dollars: number) => Math.round(dollars * 100);

const toAdminLicence = ({ archivedAt, ...l }: LicenceRow): AdminLicence => ({ ...l, archived: !!archivedAt });
const toAdminSize = ({ archivedAt, ...s }: SizeRow): AdminDownloadSize => ({ ...s, archived: !!archivedAt });
const toCell = (p: PriceRow) => ({
  licenceId: p.licenceId,
  sizeId: p.sizeId,
  price: p.priceCents === null ? null : dollars(p.priceCents),
});

/** A photo a buyer reads: its id and the original's pixel size (for each size's pixels). */
export type LicensedPhoto = { id: number; width: number; height: number };

/**
 * What she sells of licences: the owner's licences, sizes and prices (the grid's defaults and a
 * photo's own), and what buyers read (the live licences, a licence's page, a photo's offer).
 */
export function createLicencesCatalogueService(deps: {
  repo: LicencesCatalogueRepository;
  offers: LicenceOffersRepository;
  /** Throws the catalogue's 404 when the photo is not a live one. */
  checkPhoto(photoId: number): Promise<unknown>;
}) {
  const { repo, offers } = deps;

  /** Every priced pair names a licence and a size that exist, once; to cents. */
  async function checkedPairs(input: LicencePricesInput['prices']) {
    const [licences, sizes] = await Promise.all([repo.licences(), repo.sizes()]);
    const licenceIds = new Set(licences.map((l) => l.id));
    const sizeIds = new Set(sizes.map((s) => s.id));
    const seen = new Set<string>();
    return input.map((p) => {
      if (!licenceIds.has(p.licenceId) || !sizeIds.has(p.sizeId))
        throw badRequest(licenceAdminMessages.unknownPair);
      const key = `${p.licenceId}:${p.sizeId}`;
      if (seen.has(key)) throw badRequest(licenceAdminMessages.doubledPair);
      seen.add(key);
      return {
        licenceId: p.licenceId,
        sizeId: p.sizeId,
        priceCents: p.price === null ? null : cents(p.price),
      };
    });
  }

  async function pageOf(licence: LicenceRow): Promise<LicencePage> {
    const [sizes, prices] = await Promise.all([repo.liveSizes(), repo.prices()]);
    const priceOf = new Map(prices.map((p) => [`${p.licenceId}:${p.sizeId}`, p.priceCents]));
    return {
      id: licence.id,
      slug: licence.slug,
      name: licence.name,
      summary: licence.summary,
      askMe: licence.askMe,
      termsHtml: licence.termsHtml,
      prices: sizes.flatMap((s) => {
        const price = priceOf.get(`${licence.id}:${s.id}`);
        return price === undefined || price === null
          ? []
          : [{ sizeId: s.id, label: s.label, price: dollars(price) }];
      }),
    };
  }

  const service = {
    async catalogue(): Promise<LicenceCatalogue> {
      const [licences, sizes, prices] = await Promise.all([repo.licences(), repo.sizes(), repo.prices()]);
      return {
        licences: licences.map(toAdminLicence),
        sizes: sizes.map(toAdminSize),
        prices: prices.map(toCell),
      };
    },

    /** A new licence; its address is made from its name once, and kept when she renames it. */
    async createLicence(input: LicenceInput): Promise<AdminLicence> {
      const row = await repo.transaction(async (trx) => {
        // one licence created at a time: the slug chosen is still free when written
        await trx.raw('LOCK TABLE licences IN SHARE ROW EXCLUSIVE MODE');
        const slug = uniqueSlug(slugFromName(input.name), await repo.slugs(trx));
        const position = input.position ?? (await repo.maxLicencePosition(trx)) + 1;
        return repo.insertLicence(trx, {
          ...input,
          slug,
          position,
          termsHtml: sanitizeRichText(input.termsHtml),
        });
      });
      return toAdminLicence(row);
    },

    /** Her edits; the slug stays (certificates and links name the licence's page). */
    async updateLicence(id: number, input: LicenceInput): Promise<AdminLicence> {
      const row = await repo.updateLicence(id, { ...input, termsHtml: sanitizeRichText(input.termsHtml) });
      if (!row) throw notFound(licenceMessages.licenceNotFound);
      return toAdminLicence(row);
    },

    /** Archived, never deleted: orders and certificates name it. No longer sold or shown. */
    async archiveLicence(id: number): Promise<AdminLicence> {
      const row = await repo.updateLicence(id, { archived: true });
      if (!row) throw notFound(licenceMessages.licenceNotFound);
      return toAdminLicence(row);
    },

    async createSize(input: DownloadSizeInput): Promise<AdminDownloadSize> {
      const position = input.position ?? (await repo.maxSizePosition()) + 1;
      return toAdminSize(await repo.insertSize({ ...input, position }));
    },
    async updateSize(id: number, input: DownloadSizeInput): Promise<AdminDownloadSize> {
      const row = await repo.updateSize(id, input);
      if (!row) throw notFound(licenceAdminMessages.sizeNotFound);
      return toAdminSize(row);
    },
    async archiveSize(id: number): Promise<AdminDownloadSize> {
      const row = await repo.updateSize(id, { archived: true });
      if (!row) throw notFound(licenceAdminMessages.sizeNotFound);
      return toAdminSize(row);
    },

    /** The whole default grid replaced: a pair left out or blank is not offered. */
    async savePrices(input: LicencePricesInput): Promise<LicenceCatalogue> {
      const pairs = await checkedPairs(input.prices);
      await repo.replacePrices(
        pairs.flatMap((p) => (p.priceCents === null ? [] : [{ ...p, priceCents: p.priceCents }])),
      );
      return service.catalogue();
    },

    async photoLicensing(photoId: number): Promise<AdminPhotoLicensing> {
      await deps.checkPhoto(photoId);
      const own = await repo.photoLicensing(photoId);
      return { photoId, notForLicensing: own.notForLicensing, prices: own.prices.map(toCell) };
    },

    /** A photo's own licensing replaced: its prices override the defaults (null: off this photo). */
    async savePhotoLicensing(photoId: number, input: PhotoLicensingInput): Promise<AdminPhotoLicensing> {
      await deps.checkPhoto(photoId);
      const pairs = await checkedPairs(input.prices);
      await repo.replacePhotoLicensing(photoId, input.notForLicensing, pairs);
      return service.photoLicensing(photoId);
    },

    /** GET /api/licences: the live licences with their terms and default prices, for comparing. */
    async publicLicences(): Promise<LicencePage[]> {
      return Promise.all((await repo.liveLicences()).map(pageOf));
    },

    /** The licence page's answer; null for an unknown or archived licence. */
    async findLicencePage(slug: string): Promise<LicencePage | null> {
      if (!isSlug(slug)) return null;
      const licence = await repo.licenceBySlug(slug);
      return licence ? pageOf(licence) : null;
    },

    async licencePage(slug: string): Promise<LicencePage> {
      const page = await service.findLicencePage(slug);
      if (!page) throw notFound(licenceMessages.licenceNotFound);
      return page;
    },

    /**
     * A photo's downloads and licences as buyers see them (its public JSON's `licensing`): the
     * sizes and licences with at least one pair sold now, and each pair's price; null when the
     * photo is not for licensing or nothing is offered.
     */
    async photoOffer(photo: LicensedPhoto): Promise<PhotoLicensing | null> {
      const rows = await offers.ofPhotos([photo.id]);
      if (!rows.length) return null;
      const licences = new Map<number, LicenceRow | null>();
      const sizes = new Map<number, PhotoLicensing['sizes'][number]>();
      for (const r of rows) {
        licences.set(r.licenceId, null);
        if (!sizes.has(r.sizeId))
          sizes.set(r.sizeId, {
            id: r.sizeId,
            label: r.sizeLabel,
            longEdgePx: r.longEdgePx,
            pixels: pixelsOf(r.longEdgePx, photo),
          });
      }
      const [liveLicences, liveSizes] = await Promise.all([repo.liveLicences(), repo.liveSizes()]);
      const live = liveLicences.filter((l) => licences.has(l.id));
      return {
        // in the sizes' own order (the rows follow the licences' first)
        sizes: liveSizes.flatMap((s) => sizes.get(s.id) ?? []),
        licences: live.map((l) => ({
          id: l.id,
          slug: l.slug,
          name: l.name,
          summary: l.summary,
          askMe: l.askMe,
        })),
        offers: rows.map((r) => ({ licenceId: r.licenceId, sizeId: r.sizeId, price: dollars(r.priceCents) })),
      };
    },
  };
  return service;
}
export type LicencesCatalogueService = ReturnType<typeof createLicencesCatalogueService>;
