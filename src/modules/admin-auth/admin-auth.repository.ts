import type { Db } from '../../platform/db';
import { AdminAccount } from './admin-account.model';

export function createAdminAuthRepository(db: Db) {
  return {
    /** Usernames match whatever their case. */
    async findByUsername(username: string): Promise<AdminAccount | undefined> {
      return AdminAccount.query(db).whereRaw('lower(username) = lower(?)', [username]).first();
    },
    async findById(id: number): Promise<AdminAccount | undefined> {
      return AdminAccount.query(db).findById(id);
    },
    async count(): Promise<number> {
      return AdminAccount.query(db).resultSize();
    },
    /** Creates the admin or replaces its password; `mustChange`: a one-time password to replace. */
    async upsert(username: string, passwordHash: string, mustChange = false): Promise<void> {
      await AdminAccount.query(db)
        .insert({ username, passwordHash, mustChangePassword: mustChange })
        .onConflict('username')
        .merge({ passwordHash, mustChangePassword: mustChange, updatedAt: db.fn.now() });
    },
    /** Her own new password: the one-time one, if it was that, is gone. */
    async changePassword(id: number, passwordHash: string): Promise<AdminAccount | undefined> {
      const [row] = await AdminAccount.query(db)
        .where({ id })
        .patch({ passwordHash, mustChangePassword: false, updatedAt: db.fn.now() as unknown as Date })
        .returning('*');
      return row;
    },
    /** Her sign-in, now; whether it is her first (none recorded before). */
    async recordSignIn(id: number): Promise<boolean> {
      // the self-join reads the row as it was before this update
      const { rows } = await db.raw<{ rows: { before: Date | null }[] }>(
        `UPDATE admin_users a SET last_login_at = now() FROM admin_users b
          WHERE a.id = ? AND b.id = a.id RETURNING b.last_login_at AS before`,
        [id],
      );
      return rows.length > 0 && rows[0]!.before === null;
    },
    /** The accounts that still have the one-time password of the first start. */
    async withOneTimePassword(): Promise<string[]> {
      return (await AdminAccount.query(db).where({ must_change_password: true }).orderBy('id')).map(
        (a) => a.username,
      );
    },
  };
}
export type AdminAuthRepository = ReturnType<typeof createAdminAuthRepository>;
