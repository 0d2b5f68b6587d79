import { randomBytes } from 'node:crypto';
import type { AdminAuthRepository } from './admin-auth.repository';
import { dummyHash, hashPassword, verifyPassword } from './password-hasher';
import type { AdminUser } from '../../contract';

export function createAdminAuthService(repo: AdminAuthRepository) {
  return {
    /** The admin whose username and password match, or null. */
    async authenticate(username: string, password: string): Promise<AdminUser | null> {
      const admin = await repo.findByUsername(username);
      if (!admin) {
        await verifyPassword(password, await dummyHash);
        return null;
      }
      return (await verifyPassword(password, admin.passwordHash))
        ? { id: admin.id, username: admin.username }
        : null;
    },

    async setPassword(username: string, password: string): Promise<void> {
      await repo.upsert(username, await hashPassword(password));
    },

    /**
     * At start: the admin named by ADMIN_USERNAME/ADMIN_PASSWORD is created if missing; with no
     * admin at all and no such variables, one is created with a random one-time password, which is
     * returned once so the start script can print it.
     */
    async ensureAdmin(fromEnv?: {
      username: string;
      password: string;
    }): Promise<{ username: string; password?: string } | null> {
      if (fromEnv) {
        if (!(await repo.findByUsername(fromEnv.username))) {
          await repo.upsert(fromEnv.username, await hashPassword(fromEnv.password));
          return { username: fromEnv.username };
        }
        return null;
      }
      if ((await repo.count()) > 0) return null;
      const password = randomBytes(12).toString('base64url');
      await repo.upsert('admin', await hashPassword(password));
      return { username: 'admin', password };
    },
  };
}
export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
