import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import { createAdminAuthRepository } from './admin-auth.repository';
import { createAdminAuthService } from './admin-auth.service';
import { configurePassport, createAdminAuthRoutes } from './admin-auth.routes';

export type { AdminAuthService } from './admin-auth.service';
export { adminAuthEndpoints } from './admin-auth.routes';

export function createAdminAuthModule(ctx: AppContext) {
  const service = createAdminAuthService(createAdminAuthRepository(ctx.db));
  const module = {
    service,
    /** Sets up passport and returns the /api/admin login, logout, user and password endpoints. */
    endpoints() {
      configurePassport(service);
      return createAdminAuthRoutes(ctx, service);
    },
  };
  return module satisfies HttpModule;
}
export type AdminAuthModule = ReturnType<typeof createAdminAuthModule>;
