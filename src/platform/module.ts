import type { Router } from 'express';
import type { HeadProvider, ShellProvider } from './http/web-app';

/** What a module may plug into the HTTP app; every part is optional. */
export type HttpModule = {
  /** mounted at /api */
  publicRoutes?: () => Router;
  /** mounted at /api/admin behind the admin guard */
  adminRoutes?: () => Router;
  /** mounted at / (sitemap.xml, robots.txt) */
  rootRoutes?: () => Router;
  /** extra <head> markup for server-rendered share tags */
  headProvider?: HeadProvider;
  /** first-paint markup inside #root, before the app's script runs */
  shellProvider?: ShellProvider;
};
