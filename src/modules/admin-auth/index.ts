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
    /** Sets up passport and returns the /api/admin login, logout and user endpoints. */
    endpoints() {
      configurePassport(service);
      return createAdminAuthRoutes(ctx);
    },
  };
  return module satisfies HttpModule;
}
