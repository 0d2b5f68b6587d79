import type { Db } from '../../platform/db';
import { AdminAccount } from './admin-account.model';

export function createAdminAuthRepository(db: Db) {
  return {
    /** Usernames match whatever their case. */
    async findByUsername(username: string): Promise<AdminAccount | undefined> {
      return AdminAccount.query(db).whereRaw('lower(username) = lower(?)', [username]).first();
    },
    async count(): Promise<number> {
      return AdminAccount.query(db).resultSize();
    },
    async upsert(username: string, passwordHash: string): Promise<void> {
      await AdminAccount.query(db)
        .insert({ username, passwordHash })
        .onConflict('username')
        .merge({ passwordHash, updatedAt: db.fn.now() });
    },
  };
}
export type AdminAuthRepository = ReturnType<typeof createAdminAuthRepository>;
