import type { Db } from '../../platform/db';
import type { Tx } from './content.repository';

export type WallRoomRow = {
  id: number;
  label: string;
  image_id: number;
  width: number;
  height: number;
  ref_x1: number;
  ref_y1: number;
  ref_x2: number;
  ref_y2: number;
  ref_length_in: number;
  print_x: number;
  print_y: number;
};

/** The owner's room photos for the wall preview (one row each, its image a media asset). */
export function createWallRoomsRepository(db: Db) {
  return {
    list(): Promise<WallRoomRow[]> {
      return db('wall_rooms').select('*').orderBy('id');
    },
    async find(id: number, tx?: Tx): Promise<WallRoomRow | null> {
      return ((await (tx ?? db)('wall_rooms').where({ id }).first()) as WallRoomRow | undefined) ?? null;
    },
    async insert(row: Omit<WallRoomRow, 'id'>, tx: Tx): Promise<number> {
      const [{ id }] = await tx('wall_rooms').insert(row).returning('id');
      return id as number;
    },
    async delete(id: number, tx: Tx): Promise<void> {
      await tx('wall_rooms').where({ id }).del();
    },
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
  };
}
export type WallRoomsRepository = ReturnType<typeof createWallRoomsRepository>;
