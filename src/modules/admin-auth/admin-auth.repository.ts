import type { Db } from '../../platform/db';

export type AdminRow = { id: number; username: string; passwordHash: string };

export function createAdminAuthRepository(db: Db) {
  return {
    async findByUsername(username: string): Promise<AdminRow | undefined> {
      const row = await db('admin_users').whereRaw('lower(username) = lower(?)', [username]).first();
      return row && { id: row.id, username: row.username, passwordHash: row.password_hash };
    },
    async count(): Promise<number> {
      const [{ count }] = await db('admin_users').count<{ count: number }[]>('* as count');
      return Number(count);
    },
    async upsert(username: string, passwordHash: string): Promise<void> {
      await db('admin_users')
        .insert({ username, password_hash: passwordHash })
        .onConflict('username')
        .merge({ password_hash: passwordHash, updated_at: db.fn.now() });
    },
  };
}
export type AdminAuthRepository = ReturnType<typeof createAdminAuthRepository>;
