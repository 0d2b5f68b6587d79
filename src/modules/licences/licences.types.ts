import type { Request, Response } from 'express';

/**
 * The seam between a grant's download link (download-links.ts: who may download, counted) and its
 * file (licensed-files.ts: made once per (photo, size), each buyer's copy streamed with its rights
 * written into the head).
 */
export type LicensedDownload = {
  photoId: number;
  sizeId: number;
  /** null: the original's full resolution */
  longEdgePx: number | null;
  /** The readable file name of Content-Disposition, e.g. "great-blue-heron-editorial-WL-7KQ3-M9XD-2PHT.jpg". */
  fileName: string;
  /** The licence's id, written into the file (xmpRights:UsageTerms with it, and a licence id). */
  grantId: string;
  /** The licence's usage terms as plain text (its name, licensee, the check page's address). */
  usageTerms: string;
  /** The check page, `${PUBLIC_URL}/licences/verify/${grantId}` (xmpRights:WebStatement). */
  verifyUrl: string;
};

export type LicensedFiles = {
  /** Queues the making of a (photo, size) file (job `licences/make-file`); made already: nothing. */
  queueMake(photoId: number, sizeId: number): Promise<void>;
  /** Makes it now when it is not made yet (once, whoever asks at the same time). */
  ensure(photoId: number, sizeId: number): Promise<void>;
  /**
   * Streams the buyer's copy: 200 whole or 206 for a `Range` (a dropped download resumes), with
   * Content-Disposition and Content-Length, from the media store without buffering the file.
   */
  serve(req: Request, res: Response, download: LicensedDownload): Promise<void>;
};
