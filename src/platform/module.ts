import type { Router } from 'express';
import type { BoundEndpoint } from './http/endpoint';

/** What a module may plug into the HTTP app; every part is optional. */
export type HttpModule = {
  /**
   * Its endpoints (declared in its `*.routes.ts`) with their handlers: the app mounts them with
   * the session, guard, body, cache and parsing each declaration asks for.
   */
  endpoints?: () => BoundEndpoint[];
  /** mounted at / (sitemap.xml, robots.txt, the contact form's post without JavaScript) */
  rootRoutes?: () => Router;
};
