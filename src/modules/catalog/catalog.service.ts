import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db';
import { publicPlaceOf, toMatch } from './catalog.mapping';
import { offered, publicOfferFacts, type CatalogPlugIns, type PrintOptionMatch } from './catalog.types';
import { createCategoriesRepository } from './categories.repository';
import { createCategoriesService } from './categories.service';
import { createPhotosRepository, type PhotoRightsFacts } from './photos.repository';
import { createPhotoDraftsService } from './photo-drafts.service';
import { createPhotosService, type PhotosDeps } from './photos.service';
import { createPhotoPrintOptionEdits } from './print-option-writes';
import { createPrintOptionsRepository } from './print-options.repository';
import { createPrintCropsRepository } from './print-crops.repository';
import { createPrintOptionsService } from './print-options.service';
import { createSensitiveSpeciesRepository } from './sensitive-species.repository';
import { createSensitiveSpeciesService } from './sensitive-species.service';

/**
 * The catalogue's one service object: photos, print options and categories composed. `offers` are
 * the offer rules other modules add (catalog.addOfferRule), asked by every public read;
 * `deleteGuards` (catalog.addDeleteGuard) are asked when the owner deletes a photo or an option.
 */
export function createCatalogService(
  db: Db,
  deps: Pick<PhotosDeps, 'media' | 'photoUploaded' | 'rightsChanged' | 'limits'> & Required<CatalogPlugIns>,
) {
  const { offers, offerInfos, deleteGuards, ...photoDeps } = deps;
  const plugIns = { offers, offerInfos, deleteGuards };
  const photosRepo = createPhotosRepository(db);
  const optionsRepo = createPrintOptionsRepository(db);
  const categories = createCategoriesService(createCategoriesRepository(db));
  const sensitiveSpecies = createSensitiveSpeciesService(createSensitiveSpeciesRepository(db));
  // the option routes check the photo through the photos service, made below (called only later)
  const livePhoto = (id: number) => photos.livePhoto(id);
  const publishedPhoto = (id: number) => photos.publishedPhoto(id);
  const options = createPrintOptionsService(optionsRepo, {
    livePhoto,
    publishedPhoto,
    transaction: (fn) => photosRepo.transaction(fn),
    ...plugIns,
  });
  const photos = createPhotosService(photosRepo, {
    ...photoDeps,
    categories,
    options: createPhotoPrintOptionEdits(optionsRepo),
    optionsRepo,
    crops: createPrintCropsRepository(db),
    ...plugIns,
    sensitiveSpecies: sensitiveSpecies.names,
  });
  const drafts = createPhotoDraftsService(photosRepo, {
    media: photoDeps.media,
    photoUploaded: photoDeps.photoUploaded,
    categories,
    optionsRepo,
    sensitiveSpecies: sensitiveSpecies.names,
    maxBytes: photos.uploadLimits().addImage,
  });

  /** The batch form of findPrintOption: one query for many lines; missing pairs are left out. */
  async function findPrintOptions(
    pairs: { photoId: number; optionId: number }[],
  ): Promise<PrintOptionMatch[]> {
    const found = (await optionsRepo.findPrintOptions(pairs)).map(toMatch);
    if (!offers.entries().length) return found;
    // a size no longer offered (an offer rule: the resolution guard) can not be bought either
    const kept: PrintOptionMatch[] = [];
    for (const photoId of new Set(found.map((m) => m.photo.id))) {
      const mine = found.filter((m) => m.photo.id === photoId);
      const ok = new Set(
        (
          await offered(
            offers,
            photoId,
            mine.map((m) => m.option),
          )
        ).map((o) => o.id),
      );
      kept.push(...mine.filter((m) => ok.has(m.option.id)));
    }
    return kept;
  }

  return {
    ...photos,
    ...drafts,
    ...options,
    ...categories,

    /**
     * For the cart's add: an option offered for a photo now (both live, option assigned), or null;
     * `refused` when an offer info says it can not be bought now (an edition sold out).
     */
    async findPrintOption(photoId: number, optionId: number): Promise<PrintOptionMatch | null> {
      const [found] = await findPrintOptions([{ photoId, optionId }]);
      if (!found) return null;
      const refused = (await publicOfferFacts(offerInfos, photoId, [optionId])).refused.get(optionId);
      return refused ? { ...found, refused } : found;
    },

    findPrintOptions,

    /** GET and PUT /api/admin/sensitive-species. */
    listSensitiveSpecies: sensitiveSpecies.list,
    replaceSensitiveSpecies: sensitiveSpecies.replace,

    /** For media's `/media/{asset}/{file}`: false for a draft's or scheduled photo's image files. */
    async isAssetPublic(assetId: number): Promise<boolean> {
      return !(await photosRepo.namesUnpublishedAsset(assetId));
    },

    /** For the rights module's stamp: the photo using this asset as image or thumbnail, or null. */
    rightsOfAsset(assetId: number): Promise<PhotoRightsFacts | null> {
      return photosRepo.rightsOfAsset(assetId);
    },

    /** The soonest publish time to come: every response cache is cleared by then (src/app.ts). */
    nextPublishAt(): Promise<Date | null> {
      return photosRepo.nextPublishAt();
    },

    /**
     * `/api/site`'s `locationsVersion`: a digest of what the public sees of every protected or
     * scheduled photo (its id, the protection in force, the shown place and date). It changes when
     * protection, region, species or the sensitive list change what a photo shows, or a scheduled
     * photo goes public; the web app then drops its service worker's cached pages and reads. An
     * exact photo's place as typed does not enter it (its old value was public anyway), so neither
     * a new photo nor an edit of an unprotected one empties visitors' caches. Only public values
     * go into it.
     */
    async locationsVersion(): Promise<string> {
      const [facts, sensitive] = await Promise.all([photosRepo.publicPlaceFacts(), sensitiveSpecies.names()]);
      const parts: unknown[] = [];
      for (const p of facts) {
        const { inForce, shown } = publicPlaceOf(p, sensitive);
        if (inForce === 'exact' && !p.publishAt) continue;
        parts.push([p.id, inForce, shown.location, shown.dateTaken, p.publishAt?.toISOString() ?? null]);
      }
      return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
    },

    /** Published photos only: a scheduled one is not listed before its time. */
    async sitemapEntries() {
      const [sitemapPhotos, list] = await Promise.all([
        photosRepo.sitemapPhotos(),
        categories.listCategories(),
      ]);
      return { photos: sitemapPhotos, categories: list.map((c) => c.name) };
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
