import type { AppContext } from '../../platform/context';
import type { LabProviderId, PhotoDetail, PrintSizes } from '../../contract';
import type { FulfillmentRepository } from './fulfillment.repository';
import { parseInches } from '../../shared/print-sizes';
import { cropFor, needsCrop, type FocalPoint } from '../../shared/print-crop';

/**
 * Whether an image of `px` pixels prints at `inches` with at least `ppi` pixels per inch on both
 * sides (the long side against the long side: the lab turns the image), and the ppi it reaches.
 */
export function resolutionFor(
  px: { width: number; height: number },
  inches: { widthIn: number; heightIn: number },
  ppi: number,
): { ok: boolean; ppi: number; needWidth: number; needHeight: number } {
  const [longPx, shortPx] = px.width >= px.height ? [px.width, px.height] : [px.height, px.width];
  const [longIn, shortIn] =
    inches.widthIn >= inches.heightIn ? [inches.widthIn, inches.heightIn] : [inches.heightIn, inches.widthIn];
  const reached = Math.floor(Math.min(longPx / longIn, shortPx / shortIn));
  const [needLong, needShort] = [Math.ceil(longIn * ppi), Math.ceil(shortIn * ppi)];
  const landscape = px.width >= px.height;
  return {
    ok: longPx >= needLong && shortPx >= needShort,
    ppi: reached,
    needWidth: landscape ? needLong : needShort,
    needHeight: landscape ? needShort : needLong,
  };
}

/**
 * The resolution guard: a lab-made size whose crop of the photo's original (cropFor: the print's
 * ratio around the size's focal point) has too few pixels is not offered to buyers while the lab
 * that makes it (its own provider's settings) is on; the admin sees every size, who makes it and
 * why not.
 */
export function createOfferRule(
  ctx: AppContext,
  deps: {
    repo: FulfillmentRepository;
    catalog: {
      imageAsset(photoId: number, kind: 'image'): Promise<number>;
      getPhoto(id: number, audience: 'admin'): Promise<PhotoDetail>;
      printCrops(photoId: number): Promise<{ focal: FocalPoint; sizes: Map<number, FocalPoint> }>;
    };
    media: { getAsset(assetId: number): Promise<{ width: number; height: number } | null> };
  },
) {
  const { repo } = deps;
  /** The labs that are on: a size is hidden only while the lab that makes it is. */
  const labsOn = async (): Promise<Set<LabProviderId>> =>
    new Set((await repo.allSettings()).filter((s) => s.enabled).map((s) => s.provider));
  return {
    /**
     * The lab-made sizes whose crop of this photo's original has too few pixels (at LAB_MIN_PPI,
     * or the lab's own required DPI when higher): not offered to buyers while their lab is on.
     */
    async hiddenOptions(photoId: number, optionIds: number[]): Promise<Set<number>> {
      const products = await repo.productsFor(optionIds);
      if (!products.size) return new Set();
      const on = await labsOn();
      if (![...products.values()].some((p) => on.has(p.provider))) return new Set();
      const asset = await deps.media.getAsset(await deps.catalog.imageAsset(photoId, 'image'));
      if (!asset) return new Set();
      const { focal, sizes } = await deps.catalog.printCrops(photoId);
      const hidden = new Set<number>();
      for (const [optionId, p] of products) {
        if (!on.has(p.provider)) continue;
        const ppi = Math.max(ctx.config.LAB_MIN_PPI, p.requiredDpi ?? 0);
        const crop = cropFor(asset, p, sizes.get(optionId) ?? focal);
        if (!resolutionFor(crop, p, ppi).ok) hidden.add(optionId);
      }
      return hidden;
    },

    /** For the admin: every size of a photo, who makes it, whether buyers see it and why not. */
    async printSizes(photoId: number): Promise<PrintSizes> {
      const photo = await deps.catalog.getPhoto(photoId, 'admin');
      const products = await repo.productsFor(photo.printOptions.map((o) => o.id));
      const on = await labsOn();
      const px = { width: photo.width, height: photo.height };
      const minPpi = ctx.config.LAB_MIN_PPI;
      return {
        width: px.width,
        height: px.height,
        minPpi,
        sizes: photo.printOptions.map((o) => {
          const product = products.get(o.id);
          const labIsOn = !!product && on.has(product.provider);
          const inches = product ?? parseInches(o.size);
          const ppi = Math.max(minPpi, product?.requiredDpi ?? 0);
          // the pixels the print is made from: the size's crop of the photo
          const crop = inches ? cropFor(px, inches, o.crop) : null;
          const fit = inches && crop ? resolutionFor(crop, inches, ppi) : null;
          const need = fit ? `${fit.needWidth} × ${fit.needHeight} px at ${ppi} ppi` : '';
          const has =
            inches && crop && needsCrop(px, inches)
              ? `its crop of the photo has ${crop.width} × ${crop.height}`
              : `the photo has ${px.width} × ${px.height}`;
          let note: string | null = null;
          if (fit && !fit.ok)
            note = product
              ? labIsOn
                ? `Hidden from buyers: the lab needs ${need}; ${has}.`
                : `Too small for the lab: it needs ${need}; ${has}.`
              : `Low resolution: ${fit.ppi} ppi at this size (${ppi} recommended); ${has}.`;
          return {
            printOptionId: o.id,
            size: o.size,
            format: o.format,
            madeBy: product ? ('lab' as const) : ('you' as const),
            offered: !(labIsOn && fit && !fit.ok),
            ppi: fit?.ppi ?? null,
            note,
          };
        }),
      };
    },
  };
}

/** The guard catalog asks (`(photoId, optionIds) => the ids not offered`). */
export type OfferRule = ReturnType<typeof createOfferRule>['hiddenOptions'];
