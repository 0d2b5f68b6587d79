import multer from 'multer';
import type { RequestHandler } from 'express';
import { AppError } from './app-error';

type SingleUploadLimits = {
  /** The file's largest size; a larger one is refused with `tooLarge` (413). */
  maxBytes: number;
  tooLarge: string;
  /** How many text fields and parts in all the form may have. */
  fields: number;
  parts: number;
};

/** One file of a multipart form, kept in memory as `req.file`, under the given limits. */
export function singleUpload(
  field: string,
  { maxBytes, tooLarge, fields, parts }: SingleUploadLimits,
): RequestHandler {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields, parts },
  }).single(field);
  return (req, res, next) =>
    single(req, res, (err?: unknown) => {
      if ((err as { code?: string } | undefined)?.code === 'LIMIT_FILE_SIZE')
        return next(new AppError('too_large', tooLarge));
      next(err);
    });
}
