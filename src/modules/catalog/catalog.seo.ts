import type { Config } from '../../config';
import { escapeHtml } from '../../platform/html';
import { createRouter } from '../../platform/http/async-route';
import { fillPath, SITEMAP_PATHS, STOREFRONT_PAGES } from '../../shared/storefront-pages';
import type { CatalogService } from './catalog.service';

type SeoConfig = Pick<Config, 'publicUrl' | 'SITE_NAME' | 'PHOTOGRAPHER_NAME'>;

const escapeXml = escapeHtml;

export function sitemapXml(
  config: SeoConfig,
  entries: { photos: { id: number; updatedAt: Date }[]; categories: string[] },
): string {
  const base = config.publicUrl;
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(base + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PATHS.map((p) => url(p)),
    ...entries.categories.map((c) => url(fillPath(STOREFRONT_PAGES.portfolio.paths[1], { category: c }))),
    ...entries.photos.map((p) => url(fillPath(STOREFRONT_PAGES.photo.paths[0], { id: p.id }), p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/** `sections`: other modules' groups (rights: the AI crawlers she asks to stay away), before ours. */
export function robotsTxt(config: SeoConfig, sections: string[] = []): string {
  return [
    ...sections,
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /checkout',
    'Disallow: /api/admin',
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Mounted at /: sitemap.xml and robots.txt for search engines. */
export function createSeoRoutes(
  service: Pick<CatalogService, 'sitemapEntries'>,
  config: SeoConfig,
  robotsSections: () => string[] = () => [],
) {
  const router = createRouter();
  router.get('/sitemap.xml', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/xml').send(sitemapXml(config, await service.sitemapEntries()));
  });
  router.get('/robots.txt', (_req, res) => {
    // an hour in caches at most: a crawler reads it again within the day anyway
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(config, robotsSections()));
  });
  return router;
}
