import type { Router } from 'express';

/** What a module may plug into the HTTP app; every part is optional. */
export type HttpModule = {
  /** mounted at /api */
  publicRoutes?: () => Router;
  /** mounted at /api/admin behind the admin guard */
  adminRoutes?: () => Router;
  /** mounted at / (sitemap.xml, robots.txt) */
  rootRoutes?: () => Router;
};
