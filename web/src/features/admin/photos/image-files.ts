export const MB = 1024 * 1024;

/** Size limits: add 5 MB main and 1 MB thumbnail; edit 10 MB main and 2 MB thumbnail. */
export const LIMITS = {
  addImage: 5 * MB,
  addThumbnail: 1 * MB,
  editImage: 10 * MB,
  editThumbnail: 2 * MB,
} as const;

/** Generated thumbnails fit within this box. */
export const THUMBNAIL_BOX = { width: 400, height: 300 } as const;

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}

/** The base64 part of a data: URL. */
export function base64Of(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

/** Width and height scaled down (never up) to fit within the box, keeping the ratio. */
export function fitWithin(
  width: number,
  height: number,
  box: { width: number; height: number } = THUMBNAIL_BOX,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: box.width, height: box.height };
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('Could not decode the image.'));
    img.src = src;
  });
}

/** A JPEG thumbnail (base64, no prefix) drawn on a canvas scaled to fit within 400x300. */
export async function makeThumbnail(file: Blob): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const size = fitWithin(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(img, 0, 0, size.width, size.height);
    return base64Of(canvas.toDataURL('image/jpeg', 0.85));
  } finally {
    URL.revokeObjectURL(url);
  }
}
