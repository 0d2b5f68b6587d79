import { randomBytes } from 'node:crypto';
import { badRequest } from '../../platform/http/app-error';
import type { AdminAccount } from './admin-account.model';
import type { AdminAuthRepository } from './admin-auth.repository';
import { dummyHash, hashPassword, verifyPassword } from './password-hasher';
import { adminPasswordMessages as messages, type AdminUser, type ChangePasswordInput } from '../../contract';

const toUser = (a: AdminAccount): AdminUser => ({
  id: a.id,
  username: a.username,
  mustChangePassword: a.mustChangePassword,
});

export function createAdminAuthService(repo: AdminAuthRepository) {
  return {
    /** The admin whose username and password match, or null. */
    async authenticate(username: string, password: string): Promise<AdminUser | null> {
      const admin = await repo.findByUsername(username);
      if (!admin) {
        await verifyPassword(password, dummyHash);
        return null;
      }
      return (await verifyPassword(password, admin.passwordHash)) ? toUser(admin) : null;
    },

    /** Records her sign-in; true when it is her very first (greeted 'Welcome!', not 'Welcome back!'). */
    recordSignIn: (id: number) => repo.recordSignIn(id),

    /** The signed-in admin as stored now (her one-time password may have been replaced since); null when gone. */
    async current(id: number): Promise<AdminUser | null> {
      const admin = await repo.findById(id);
      return admin ? toUser(admin) : null;
    },

    /**
     * Her own new password, 12 to 100 characters and not the one she has now. The current one is
     * checked unless the account still has its one-time password (she has just signed in with
     * it). The one-time password's mark goes with it.
     */
    async changePassword(id: number, input: ChangePasswordInput): Promise<AdminUser> {
      const admin = await repo.findById(id);
      if (!admin) throw badRequest(messages.currentWrong);
      if (!admin.mustChangePassword) {
        if (!input.currentPassword)
          throw badRequest(messages.currentRequired, { currentPassword: messages.currentRequired });
        if (!(await verifyPassword(input.currentPassword, admin.passwordHash)))
          throw badRequest(messages.currentWrong, { currentPassword: messages.currentWrong });
      }
      if (await verifyPassword(input.newPassword, admin.passwordHash))
        throw badRequest(messages.same, { newPassword: messages.same });
      const changed = await repo.changePassword(id, await hashPassword(input.newPassword));
      if (!changed) throw badRequest(messages.currentWrong);
      return toUser(changed);
    },

    /** From the terminal (`npm run admin -- set-password`): her own password, never a one-time one. */
    async setPassword(username: string, password: string): Promise<void> {
      await repo.upsert(username, await hashPassword(password));
    },

    /** The usernames that still have the one-time password of the first start (the set-up checklist). */
    withOneTimePassword: () => repo.withOneTimePassword(),

    /**
     * At start: the admin named by ADMIN_USERNAME/ADMIN_PASSWORD is created if missing; with no
     * admin at all and no such variables, one is created with a random one-time password, which is
     * returned once so the start script can print it, and which she replaces at her first sign-in.
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
      await repo.upsert('admin', await hashPassword(password), true);
      return { username: 'admin', password };
    },
  };
}
export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
