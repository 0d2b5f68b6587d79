import type { AppContext } from '../../platform/context';
import { createAdminAuthRepository } from './admin-auth.repository';
import { createAdminAuthService } from './admin-auth.service';
import { configurePassport, createAdminAuthRoutes } from './admin-auth.routes';

export type { AdminAuthService } from './admin-auth.service';

export function createAdminAuthModule(ctx: AppContext) {
  const service = createAdminAuthService(createAdminAuthRepository(ctx.db));
  return {
    service,
    /** Sets up passport and returns the /api/admin login, logout and user routes. */
    routes() {
      configurePassport(service);
      return createAdminAuthRoutes(ctx);
    },
  };
}
