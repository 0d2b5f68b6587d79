import { asOneLine } from '../../platform/http/input-rules';
import { probeImage } from '../media';
import { nearestAspectRatio, titleFromFileName } from '../../shared/photo-metadata';
import type { PhotoDraft, PhotoDraftPublishResult } from '../../contract';
import { toAdminPhotoSummary } from './catalog.mapping';
import { photoFields } from './photo-files';
import type { PhotoRow, PhotosRepository } from './photos.repository';
import type { PhotosDeps } from './photos.service';

export type PhotoDraftsDeps = Pick<
  PhotosDeps,
  'media' | 'categories' | 'optionsRepo' | 'photoUploaded' | 'sensitiveSpecies'
> & {
  /** The most bytes of a camera file (the admin form's photo limit). */
  maxBytes: number;
};

/**
 * Field uploads' drafts: a finished camera file made a draft photo once per queue id, the drafts'
 * list, and their publishing. A draft is a photo (`draft`), on no public surface until published.
 */
export function createPhotoDraftsService(repo: PhotosRepository, deps: PhotoDraftsDeps) {
  const { media, optionsRepo } = deps;

  async function draftView(photo: PhotoRow, sensitive: string[]): Promise<PhotoDraft> {
    const options = await optionsRepo.optionsForPhoto(photo.id);
    return {
      ...toAdminPhotoSummary(photo, media.filesOf, sensitive),
      queueId: photo.queueId,
      printOptionCount: options.length,
    };
  }

  /** The photo a queue id made, as a draft view (also once published: a retry still answers it). */
  async function madeFrom(queueId: string): Promise<PhotoDraft | null> {
    const id = await repo.findByQueueId(queueId);
    const photo = id === undefined ? undefined : await repo.findPhoto(id);
    return photo ? draftView(photo, await deps.sensitiveSpecies()) : null;
  }

  return {
    /** The photo a queue id already made, or null (a retried create answers it). */
    draftFor: madeFrom,

    /**
     * A draft photo from a camera file (a finished field upload): its category as sent; its ratio,
     * date and camera from the file; its title as sent, else the file's own, else its name made
     * readable; the live catalogue options of its ratio. The queue id's unique index decides
     * between two creates of one file: the loser answers the winner's photo.
     */
    async createDraft(
      input: { queueId: string; category: string; title?: string; description?: string; location?: string },
      file: { path: string; name: string },
    ): Promise<{ draft: PhotoDraft; created: boolean }> {
      const made = await madeFrom(input.queueId);
      if (made) return { draft: made, created: false };
      await deps.categories.assertCategory(input.category);
      // what the file says is read beside the check and store (reading never fails: facts may be empty)
      const [facts, stored] = await Promise.all([
        probeImage(file),
        media.prepareOriginal(file, { kind: 'photo', maxBytes: deps.maxBytes, field: 'file' }),
      ]);
      const aspectRatio = nearestAspectRatio(stored.width, stored.height);
      // one line, as the edit form's rule wants it (a file's caption may hold line breaks)
      const title = asOneLine(input.title || facts.title || titleFromFileName(file.name) || '') || 'Untitled';
      try {
        await repo.transaction(async (trx) => {
          const original = await media.recordOriginal(stored, trx);
          const photoId = await repo.insertPhoto(
            {
              ...photoFields({
                title,
                description: input.description ?? '',
                location: input.location ?? '',
                dateTaken: facts.dateTaken,
                aspectRatio,
                category: input.category,
                displayOrder: 0,
                featured: false,
                verticalPosition: 50,
              }),
              showCameraDetails: false,
              cameraDetails: facts.camera,
              originalId: original.id,
              customThumbnailId: null,
              version: 1,
              draft: true,
              queueId: input.queueId,
            },
            trx,
          );
          if (aspectRatio)
            for (const optionId of await optionsRepo.liveOptionIdsForRatio(aspectRatio, trx))
              await optionsRepo.assign(photoId, optionId, trx);
          await deps.photoUploaded(trx, photoId, [original.id]);
          return photoId;
        });
      } catch (err) {
        // a concurrent create of the same file won: its photo is the answer (our stored file is
        // an orphan the sweep removes)
        const winner = isUniqueViolation(err) ? await madeFrom(input.queueId) : null;
        if (winner) return { draft: winner, created: false };
        throw err;
      }
      return { draft: (await madeFrom(input.queueId))!, created: true };
    },

    /** The drafts, newest first. */
    async listDrafts(): Promise<PhotoDraft[]> {
      const [rows, sensitive] = await Promise.all([repo.listDrafts(), deps.sensitiveSpecies()]);
      return Promise.all(rows.map((p) => draftView(p, sensitive)));
    },

    /**
     * These drafts go live, in one statement (ids that are not drafts are left out of the answer).
     * One with no print size goes live too (a portfolio photo), its page saying prints are not for
     * sale yet; `notForSale` names them so the screen can say so.
     */
    async publishDrafts(ids: number[]): Promise<PhotoDraftPublishResult> {
      const published = await repo.publishDrafts(ids);
      const counts = await Promise.all(published.map((id) => optionsRepo.optionsForPhoto(id)));
      return { published, notForSale: published.filter((_, i) => counts[i].length === 0) };
    },
  };
}
export type PhotoDraftsService = ReturnType<typeof createPhotoDraftsService>;

/** Postgres' unique_violation (the queue id's index). */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; nativeError?: { code?: string } })?.code === '23505' ||
  (err as { nativeError?: { code?: string } })?.nativeError?.code === '23505';
