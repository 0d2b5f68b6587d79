export const HEADSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const HEADSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be used as the headshot, or null when it can. */
export function headshotProblem(file: { type: string; size: number }): string | null {
  if (!(HEADSHOT_TYPES as readonly string[]).includes(file.type))
    return 'Please choose a JPG, PNG or WebP image.';
  if (file.size > HEADSHOT_MAX_BYTES) return 'The headshot must be 5MB or smaller.';
  return null;
}

/** The file's bytes as plain base64 (no data: prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}
