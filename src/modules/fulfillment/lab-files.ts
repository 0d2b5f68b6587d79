import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import {
  cropFor,
  orientedPrint,
  type CropBox,
  type FocalPoint,
  type PrintInches,
} from '../../shared/print-crop';
import { parseInches } from '../../shared/print-sizes';
import type { FulfillmentRepository } from './fulfillment.repository';
import type { LabSecrets } from './lab-secrets';
import type { ShopOrders } from './lab-order-deps';

/** How long the lab may fetch a file from its signed address. */
const FILE_URL_DAYS = 14;

/** The file a lab prints a line from, and the print's sides turned to match it. */
export type PrintFile = { url: string; widthIn: number; heightIn: number };

/** A print's file as sent: its bytes, type and extension. */
export type PrintFileBytes = { data: Buffer; mimeType: string; extension: 'jpg' | 'png' };

export type LabFilesDeps = {
  secrets: LabSecrets;
  repo: Pick<FulfillmentRepository, 'productsFor'>;
  orders: Pick<ShopOrders, 'forLab'>;
  catalog: {
    imageAsset(photoId: number, kind: 'image'): Promise<number>;
    printCrops(photoId: number): Promise<{ focal: FocalPoint; sizes: Map<number, FocalPoint> }>;
    printOptionSize(id: number): Promise<string | null>;
  };
  media: {
    original(assetId: number): Promise<{ data: Buffer; mimeType: string } | null>;
    getAsset(assetId: number): Promise<{ width: number; height: number; mimeType: string } | null>;
    printFile(assetId: number, box: CropBox | null): Promise<{ data: Buffer; mimeType: string } | null>;
  };
};

/** A PNG original stays a (lossless) PNG; every other print file is a JPEG. */
const extensionFor = (mimeType: string) => (mimeType === 'image/png' ? 'png' : 'jpg');

/** 8 -> '8', 8.5 -> '8.5': a print's sides in a file name. */
const inchText = (n: number) => String(Number(n.toFixed(2)));

/**
 * The files a lab (and the owner, for the prints she makes) prints from: each line's crop of the
 * photo's original to the print's ratio around the size's focal point (src/shared/print-crop.ts),
 * at full resolution, behind a signed, expiring address with no query string that names the
 * photo and the print option. The originals' older addresses keep working.
 */
export function createLabFiles(ctx: AppContext, deps: LabFilesDeps) {
  const { secrets } = deps;
  const printSubject = (photoId: number, printOptionId: number) => `p.${photoId}.${printOptionId}`;
  const expiry = (now: number) => Math.floor(now / 1000) + FILE_URL_DAYS * 86400;

  /** The inches a size prints at: the lab product's when a lab makes it, else its size text's (null: not inches). */
  async function inchesOf(printOptionId: number): Promise<PrintInches | null> {
    const product = (await deps.repo.productsFor([printOptionId])).get(printOptionId);
    if (product) return { widthIn: product.widthIn, heightIn: product.heightIn };
    const size = await deps.catalog.printOptionSize(printOptionId);
    return size ? parseInches(size) : null;
  }

  /** The photo's original and the crop a size prints from (null box: the whole original, as it is). */
  async function cropOf(photoId: number, printOptionId: number, inches: PrintInches | null) {
    const assetId = await deps.catalog.imageAsset(photoId, 'image');
    const asset = await deps.media.getAsset(assetId);
    if (!asset) throw notFound('The image of this photo no longer exists.');
    if (!inches) return { assetId, asset, box: null, sides: null };
    const { focal, sizes } = await deps.catalog.printCrops(photoId);
    const box = cropFor(asset, inches, sizes.get(printOptionId) ?? focal);
    return { assetId, asset, box, sides: orientedPrint(box, inches) };
  }

  async function bytesOf(
    photoId: number,
    printOptionId: number,
  ): Promise<PrintFileBytes & { sides: PrintInches | null }> {
    const { assetId, box, sides } = await cropOf(photoId, printOptionId, await inchesOf(printOptionId));
    const file = await deps.media.printFile(assetId, box);
    if (!file) throw notFound('The image of this photo no longer exists.');
    return { ...file, extension: extensionFor(file.mimeType), sides };
  }

  const files = {
    /** The address the lab fetches an original from (the older form, still answered). */
    fileUrl(assetId: number, now = Date.now()): string {
      const expires = expiry(now);
      return `${ctx.config.publicUrl}/api/lab-files/${assetId}/${expires}/${secrets.sign(assetId, expires)}/original.jpg`;
    },

    /**
     * The file a line is printed from and the print's sides turned to it: the crop to the print's
     * ratio (a landscape photo sold as "8x12" prints 12 wide; a 3:2 photo sold as 8x10 is cut to
     * 5:4 around the size's focal point), or the original when the ratios agree.
     */
    async printFile(
      line: { photoId: number; printOptionId: number },
      inches: PrintInches,
      now = Date.now(),
    ): Promise<PrintFile> {
      const { asset, sides } = await cropOf(line.photoId, line.printOptionId, inches);
      const expires = expiry(now);
      const signature = secrets.sign(printSubject(line.photoId, line.printOptionId), expires);
      const name = `print.${extensionFor(asset.mimeType)}`;
      return {
        url: `${ctx.config.publicUrl}/api/lab-files/p/${line.photoId}/${line.printOptionId}/${expires}/${signature}/${name}`,
        ...(sides ?? orientedPrint(asset, inches)),
      };
    },

    /** The original behind a signed lab file address; null when the signature or time is wrong. */
    async file(assetId: number, expires: number, signature: string) {
      if (!secrets.verify(assetId, expires, signature)) return null;
      return deps.media.original(assetId);
    },

    /** The print file behind a signed address; null when the signature, time or file name is wrong. */
    async print(
      photoId: number,
      printOptionId: number,
      expires: number,
      signature: string,
      fileName: string,
    ): Promise<PrintFileBytes | null> {
      if (!secrets.verify(printSubject(photoId, printOptionId), expires, signature)) return null;
      const file = await bytesOf(photoId, printOptionId);
      return fileName === `print.${file.extension}` ? file : null;
    },

    /**
     * The owner's download of an order line's print file: the same bytes a lab gets, for lines she
     * prints herself too (cut to the size's inches; a size not in inches is the original), named
     * for the order, the line and the print ('order-12-line-34-8x10.jpg').
     */
    async lineFile(orderId: number, lineId: number): Promise<PrintFileBytes & { fileName: string }> {
      const source = await deps.orders.forLab(orderId);
      if (!source) throw notFound('Order not found.');
      const line = source.lines.find((l) => l.id === lineId);
      if (!line) throw notFound('Order line not found.');
      const { sides, ...file } = await bytesOf(line.photoId, line.printOptionId);
      const size = sides ? `${inchText(sides.widthIn)}x${inchText(sides.heightIn)}` : 'original';
      return { ...file, fileName: `order-${orderId}-line-${lineId}-${size}.${file.extension}` };
    },
  };
  return files;
}
export type LabFiles = ReturnType<typeof createLabFiles>;
