import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AppError, badRequest } from '../../platform/http/app-error';
import { mediaMessages } from '../media';
import type { PhotoFiles } from './photo-files';

// The admin form's photo uploads (multipart/form-data): camera originals up to MAX_PHOTO_MB (50 MB
// by default). The parts stream to temporary files, never into memory, however many arrive at
// once; a save then reads its files and decodes them one at a time (`oneSave` in
// catalog.routes.ts), so the process holds at most one upload's bytes whatever the owner sends.

/** Where the parts are written while a save is in progress; each file is removed when its request ends. */
export const UPLOAD_DIR = path.join(tmpdir(), 'wildframe-uploads');
/** Temporary names start with the process id: a test (the app runs in it) can check its own are gone. */
const temporaryName = () => `${process.pid}-${randomBytes(12).toString('hex')}`;

type FileField = 'image' | 'thumbnail';
type UploadedFiles = Partial<Record<FileField, Express.Multer.File[]>>;
const filesOf = (req: Request) => Object.values((req.files ?? {}) as UploadedFiles).flat();

/**
 * A photo save sent as multipart/form-data: multer streams the parts to temporary files, stopping
 * at `maxBytes` for the photo and `maxThumbnailBytes` for the thumbnail (413 naming the limit and
 * the field), two files at most (`image`, `thumbnail`). The files are removed when the answer has
 * been sent (or the client went away). Other bodies (the spec's JSON form, already parsed) pass
 * through untouched.
 */
export function photoUpload(limits: { image: number; thumbnail: number }): RequestHandler {
  const storage = multer.diskStorage({
    // made when needed: a temp cleaner may have removed it since the last upload
    destination: (_req, _file, done) =>
      void mkdir(UPLOAD_DIR, { recursive: true }).then(
        () => done(null, UPLOAD_DIR),
        (err: Error) => done(err, UPLOAD_DIR),
      ),
    filename: (_req, _file, done) => done(null, temporaryName()),
  });
  const parse = multer({
    storage,
    // the larger of the two: the thumbnail's own limit is checked from its size below
    limits: { fileSize: limits.image, files: 2, fields: 30, parts: 32, fieldSize: 256 * 1024 },
  }).fields([
    { name: 'image', maxCount: 1 },
    { name: 'thumbnail', maxCount: 1 },
  ]);
  const tooLarge = (field: FileField, maxBytes: number) => {
    const message = mediaMessages.tooLarge(maxBytes);
    return new AppError('too_large', message, { [field]: message });
  };
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    res.once('close', () => {
      for (const file of filesOf(req)) if (file.path) rm(file.path, { force: true }).catch(() => undefined);
    });
    parse(req, res, (err?: unknown) => {
      const e = err as { code?: string; field?: string } | undefined;
      if (e?.code === 'LIMIT_FILE_SIZE')
        return e.field === 'thumbnail'
          ? next(tooLarge('thumbnail', limits.thumbnail))
          : next(tooLarge('image', limits.image));
      if (err) return next(err);
      const thumbnail = ((req.files ?? {}) as UploadedFiles).thumbnail?.[0];
      if (thumbnail && thumbnail.size > limits.thumbnail)
        return next(tooLarge('thumbnail', limits.thumbnail));
      next();
    });
  };
}

const INTERRUPTED = 'The upload ended before the photo was saved. Please try again.';

/**
 * The uploaded files, by path (media reads each once, inside the one-at-a-time section); an empty
 * part counts as none. A file already removed means the client went away while the save waited
 * its turn: nothing is saved.
 */
export async function readUploaded(req: Request): Promise<PhotoFiles> {
  const files = (req.files ?? {}) as UploadedFiles;
  const read = async (field: FileField) => {
    const file = files[field]?.[0];
    if (!file) return null;
    try {
      return (await stat(file.path)).size ? { path: file.path } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw badRequest(INTERRUPTED);
      throw err;
    }
  };
  const [image, thumbnail] = await Promise.all([read('image'), read('thumbnail')]);
  return { image, thumbnail };
}
