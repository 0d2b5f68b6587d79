import type { Db } from '../../platform/db';
import { toMatch } from './catalog.mapping';
import { offered, type OfferCheck, type OfferHolder, type PrintOptionMatch } from './catalog.types';
import { createCategoriesRepository } from './categories.repository';
import { createCategoriesService } from './categories.service';
import { createPhotosRepository } from './photos.repository';
import { createPhotosService, type PhotosDeps } from './photos.service';
import { createPhotoPrintOptionEdits } from './print-option-writes';
import { createPrintOptionsRepository } from './print-options.repository';
import { createPrintOptionsService } from './print-options.service';

/** The catalogue's one service object: photos, print options and categories composed. */
export function createCatalogService(db: Db, deps: Pick<PhotosDeps, 'media' | 'photoUploaded' | 'limits'>) {
  const photosRepo = createPhotosRepository(db);
  const optionsRepo = createPrintOptionsRepository(db);
  const categories = createCategoriesService(createCategoriesRepository(db));
  const offers: OfferHolder = { check: null };
  // the option routes check the photo through the photos service, made below (called only later)
  const livePhoto = (id: number) => photos.livePhoto(id);
  const options = createPrintOptionsService(optionsRepo, {
    livePhoto,
    transaction: (fn) => photosRepo.transaction(fn),
    offers,
  });
  const photos = createPhotosService(photosRepo, {
    ...deps,
    categories,
    options: createPhotoPrintOptionEdits(optionsRepo),
    optionsRepo,
    offers,
  });

  /** The batch form of findPrintOption: one query for many lines; missing pairs are left out. */
  async function findPrintOptions(
    pairs: { photoId: number; optionId: number }[],
  ): Promise<PrintOptionMatch[]> {
    const found = (await optionsRepo.findPrintOptions(pairs)).map(toMatch);
    if (!offers.check) return found;
    // a size no longer offered (the resolution guard) can not be bought either
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
    ...options,
    ...categories,

    /** For cart and orders: an option offered for a photo now (both live, option assigned), or null. */
    async findPrintOption(photoId: number, optionId: number): Promise<PrintOptionMatch | null> {
      const [found] = await findPrintOptions([{ photoId, optionId }]);
      return found ?? null;
    },

    findPrintOptions,

    /** The fulfillment module's resolution guard: which sizes a buyer is not offered. */
    setOfferCheck(check: OfferCheck) {
      offers.check = check;
    },

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
