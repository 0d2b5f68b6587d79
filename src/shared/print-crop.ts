// How a photo is cropped to a print: shared by the server (the file a lab gets, the resolution
// guard) and the browser (the frame the buyer sees over the photo, the admin's crop editor), so
// all three show and send the same pixels.

/** Pixels of an image. */
export type PixelSize = { width: number; height: number };
/** A print's sides in inches. */
export type PrintInches = { widthIn: number; heightIn: number };
/** Where the crop centres, in percent of the image: x 0 the left edge, y 0 the top. */
export type FocalPoint = { x: number; y: number };
/** A crop in the image's pixels (whole numbers, inside the image). */
export type CropBox = { left: number; top: number; width: number; height: number };

/** A lab refuses an image whose ratio is more than 1 % off the print's; we crop beyond half that. */
export const CROP_TOLERANCE = 0.005;

export const CENTRE: FocalPoint = { x: 50, y: 50 };

const clampPercent = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 50);

/**
 * The print turned to the photo's orientation: a landscape photo sold as "8x12" prints 12 wide by
 * 8 high (the option's text names the sides, not which is the width). A square photo, or a square
 * print, keeps the sides as given.
 */
export function orientedPrint(px: PixelSize, inches: PrintInches): PrintInches {
  const long = Math.max(inches.widthIn, inches.heightIn);
  const short = Math.min(inches.widthIn, inches.heightIn);
  if (px.width > px.height) return { widthIn: long, heightIn: short };
  if (px.height > px.width) return { widthIn: short, heightIn: long };
  return inches;
}

/** Whether the print's ratio differs from the photo's by more than the tolerance. */
export function needsCrop(px: PixelSize, inches: PrintInches): boolean {
  const print = orientedPrint(px, inches);
  const photoRatio = px.width / px.height;
  const printRatio = print.widthIn / print.heightIn;
  return Math.abs(photoRatio / printRatio - 1) > CROP_TOLERANCE;
}

/**
 * The crop a print is made from: the largest box at the print's ratio (turned to the photo's
 * orientation) that fits the image, centred on the focal point and moved inside the image where
 * the point is near an edge. At full resolution: no pixel is scaled. A print within the tolerance
 * of the photo's ratio takes the whole image.
 */
export function cropFor(px: PixelSize, inches: PrintInches, focal: FocalPoint = CENTRE): CropBox {
  const whole = { left: 0, top: 0, width: px.width, height: px.height };
  if (!needsCrop(px, inches)) return whole;
  const print = orientedPrint(px, inches);
  const printRatio = print.widthIn / print.heightIn;
  let width = px.width;
  let height = Math.round(width / printRatio);
  if (height > px.height) {
    height = px.height;
    width = Math.round(height * printRatio);
  }
  width = Math.min(width, px.width);
  height = Math.min(height, px.height);
  const centreX = (clampPercent(focal.x) / 100) * px.width;
  const centreY = (clampPercent(focal.y) / 100) * px.height;
  const left = Math.round(Math.min(px.width - width, Math.max(0, centreX - width / 2)));
  const top = Math.round(Math.min(px.height - height, Math.max(0, centreY - height / 2)));
  return { left, top, width, height };
}

/** The crop as fractions of the image (0 to 1), for drawing a frame over any rendition of it. */
export function cropFractions(
  px: PixelSize,
  inches: PrintInches,
  focal: FocalPoint = CENTRE,
): { left: number; top: number; width: number; height: number } {
  const box = cropFor(px, inches, focal);
  return {
    left: box.left / px.width,
    top: box.top / px.height,
    width: box.width / px.width,
    height: box.height / px.height,
  };
}
