import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import {
  contentMessages as messages,
  IMAGE_MAX_BYTES,
  type WallRoom,
  type WallRoomForm,
} from '../../contract';
import type { ContentMedia } from './content.service';
import type { Tx } from './content.repository';
import type { WallRoomRow, WallRoomsRepository } from './wall-rooms.repository';

/** A reference shorter than this share of the photo's width cannot give a trustworthy scale. */
const MIN_MARK = 0.02;

const toRoom = (r: WallRoomRow): WallRoom => ({
  id: r.id,
  label: r.label,
  imageUrl: `/api/wall-rooms/${r.id}/image?v=${r.image_id}`,
  width: r.width,
  height: r.height,
  reference: {
    x1: Number(r.ref_x1),
    y1: Number(r.ref_y1),
    x2: Number(r.ref_x2),
    y2: Number(r.ref_y2),
    lengthIn: Number(r.ref_length_in),
  },
  printAt: { x: Number(r.print_x), y: Number(r.print_y) },
});

/**
 * The owner's rooms for the wall preview: a photo of a room with a reference she marked (two
 * points and their real length), shown to buyers with the print at that scale where she said it
 * hangs. The photo is checked and stored by the media module like her other images.
 */
export function createWallRoomsService(deps: {
  repo: WallRoomsRepository;
  media: Pick<ContentMedia, 'ingest' | 'deleteAsset'>;
  imageUploaded(tx: Tx, assetId: number, kind: 'wall-room'): Promise<unknown>;
}) {
  const { repo, media } = deps;
  return {
    async list(): Promise<WallRoom[]> {
      return (await repo.list()).map(toRoom);
    },

    async imageAssetId(id: number): Promise<number> {
      const row = await repo.find(id);
      if (!row) throw notFound(messages.roomNotFound);
      return row.image_id;
    },

    async create(file: Buffer | undefined, form: WallRoomForm): Promise<WallRoom> {
      if (!file?.length) throw badRequest(messages.roomImageMissing, { image: messages.roomImageMissing });
      if (file.length > IMAGE_MAX_BYTES) throw new AppError('too_large', messages.roomTooLarge);
      const id = await repo.transaction(async (tx) => {
        const a = await media.ingest(file, { kind: 'photo', maxBytes: IMAGE_MAX_BYTES, field: 'image' }, tx);
        // the marked length in pixels of the photo, so a mark along either side counts the same
        const marked = Math.hypot((form.refX2 - form.refX1) * a.width, (form.refY2 - form.refY1) * a.height);
        if (marked < MIN_MARK * a.width)
          throw badRequest(messages.roomReferenceTooShort, { refX2: messages.roomReferenceTooShort });
        const roomId = await repo.insert(
          {
            label: form.label,
            image_id: a.id,
            width: a.width,
            height: a.height,
            ref_x1: form.refX1,
            ref_y1: form.refY1,
            ref_x2: form.refX2,
            ref_y2: form.refY2,
            ref_length_in: form.refLengthIn,
            print_x: form.printX,
            print_y: form.printY,
          },
          tx,
        );
        await deps.imageUploaded(tx, a.id, 'wall-room');
        return roomId;
      });
      return toRoom((await repo.find(id))!);
    },

    /** The room and its photo (original and variants) go together. */
    async remove(id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await repo.find(id, tx);
        if (!row) throw notFound(messages.roomNotFound);
        await repo.delete(id, tx);
        await media.deleteAsset(row.image_id, tx);
      });
    },
  };
}
export type WallRoomsService = ReturnType<typeof createWallRoomsService>;
