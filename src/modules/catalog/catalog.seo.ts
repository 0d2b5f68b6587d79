import type { Request } from 'express';
import type { Config } from '../../config';
import { createRouter } from '../../platform/http/async-route';
import { richTextToPlain } from '../../platform/rich-text';
import type { CatalogService, PhotoDetail, PhotoSummary } from './catalog.service';

type SeoConfig = Pick<Config, 'publicUrl' | 'SITE_NAME' | 'PHOTOGRAPHER_NAME'>;

const DESCRIPTION_MAX = 160;

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const escapeXml = escapeHtml;

/** JSON for a <script> data block: nothing in it can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Cut at a word boundary so the text is at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atSpace = cut.lastIndexOf(' ');
  return `${(atSpace > max * 0.6 ? cut.slice(0, atSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export function metaDescription(
  photo: Pick<PhotoDetail, 'description' | 'title'>,
  photographer: string,
): string {
  const plain = richTextToPlain(photo.description);
  return truncate(plain || `A photograph by ${photographer}: ${photo.title}`);
}

/**
 * Lets the browser fetch the page's main photo straight from the HTML instead of after the app's
 * JavaScript and API call: the biggest win for Largest Contentful Paint. `srcset` and `sizes` must
 * match the <img> the web app renders (web/src/components/image-sources.ts), so the preload is used.
 */
export function imagePreload(photo: Pick<PhotoSummary, 'imageUrl' | 'widths'>, sizes: string): string {
  const srcset = [...photo.widths]
    .sort((a, b) => a - b)
    .map((w) => `${photo.imageUrl}&w=${w} ${w}w`)
    .join(', ');
  return `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}">`;
}

/** `sizes` of the photo page's main image and of the home hero (kept equal to the web app's). */
export const PHOTO_PAGE_IMAGE_SIZES = '(min-width: 1200px) 680px, (min-width: 900px) 56vw, 100vw';
export const HERO_IMAGE_SIZES = '100vw';

/** The <head> markup of /photo/{id}: title, description, Open Graph, Twitter card, canonical, JSON-LD. */
export function photoHead(photo: PhotoDetail, config: SeoConfig): string {
  const base = config.publicUrl;
  const pageUrl = `${base}/photo/${photo.id}`;
  const imageUrl = `${base}/api/photos/${photo.id}/image`;
  const title = `${photo.title} | ${config.SITE_NAME}`;
  const description = metaDescription(photo, config.PHOTOGRAPHER_NAME);
  const alt = `${photo.title}, a photograph by ${config.PHOTOGRAPHER_NAME}`;
  const imageWidth = photo.widths.includes(1080) ? 1080 : photo.widths[photo.widths.length - 1];
  const imageHeight = Math.round((imageWidth * photo.height) / photo.width);
  const creator = { '@type': 'Person', name: config.PHOTOGRAPHER_NAME };
  const photograph: Record<string, unknown> = {
    '@type': 'Photograph',
    '@id': `${pageUrl}#photograph`,
    name: photo.title,
    description,
    url: pageUrl,
    image: imageUrl,
    creator,
    author: creator,
    ...(photo.dateTaken ? { dateCreated: photo.dateTaken } : {}),
    ...(photo.location ? { contentLocation: { '@type': 'Place', name: photo.location } } : {}),
  };
  const graph: Record<string, unknown>[] = [photograph];
  if (photo.printOptions.length) {
    graph.push({
      '@type': 'Product',
      '@id': `${pageUrl}#print`,
      name: `${photo.title} (fine art print)`,
      description,
      image: imageUrl,
      url: pageUrl,
      brand: { '@type': 'Brand', name: config.SITE_NAME },
      subjectOf: { '@id': `${pageUrl}#photograph` },
      offers: photo.printOptions.map((o) => ({
        '@type': 'Offer',
        name: `${o.size} ${o.format}`,
        price: o.price.toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: pageUrl,
        shippingDetails: {
          '@type': 'OfferShippingDetails',
          shippingRate: { '@type': 'MonetaryAmount', value: o.shipping.toFixed(2), currency: 'USD' },
          shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
        },
      })),
    });
  }
  const e = escapeHtml;
  return [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(pageUrl)}">`,
    `<meta property="og:site_name" content="${e(config.SITE_NAME)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(pageUrl)}">`,
    `<meta property="og:image" content="${e(imageUrl)}">`,
    `<meta property="og:image:alt" content="${e(alt)}">`,
    `<meta property="og:image:width" content="${imageWidth}">`,
    `<meta property="og:image:height" content="${imageHeight}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(title)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    `<meta name="twitter:image" content="${e(imageUrl)}">`,
    `<meta name="twitter:image:alt" content="${e(alt)}">`,
    `<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', '@graph': graph })}</script>`,
    imagePreload(photo, PHOTO_PAGE_IMAGE_SIZES),
  ].join('\n');
}

/**
 * First paint of the home page: the hero photo itself, in the HTML, where the app will put it, so
 * the page's largest image shows without waiting for the app's script (Largest Contentful Paint).
 * The app replaces it with its own hero, built from the same cached image.
 */
export function createHomeShellProvider(service: Pick<CatalogService, 'listPhotos'>) {
  return async (req: Pick<Request, 'path'>): Promise<string | null> => {
    if (req.path !== '/') return null;
    const [hero] = await service.listPhotos({ featured: true });
    if (!hero) return null;
    const widths = [...hero.widths].sort((a, b) => a - b);
    const srcset = widths.map((w) => `${hero.imageUrl}&w=${w} ${w}w`).join(', ');
    const src = `${hero.imageUrl}&w=${widths.find((w) => w >= 1080) ?? widths[widths.length - 1]}`;
    return (
      `<img class="boot-hero" alt="" aria-hidden="true" fetchpriority="high" src="${escapeHtml(src)}" ` +
      `srcset="${escapeHtml(srcset)}" sizes="${HERO_IMAGE_SIZES}" style="object-position: 50% ${hero.verticalPosition}%">`
    );
  };
}

/** HeadProvider for the web app: share tags and image preload for /photo/{id}, hero preload for /. */
export function createPhotoHeadProvider(
  service: Pick<CatalogService, 'findPhotoDetail' | 'listPhotos'>,
  config: SeoConfig,
) {
  return async (req: Pick<Request, 'path'>): Promise<string | null> => {
    if (req.path === '/') {
      // The home hero is the first featured photo: preload it.
      const [hero] = await service.listPhotos({ featured: true });
      return hero ? imagePreload(hero, HERO_IMAGE_SIZES) : null;
    }
    const m = /^\/photo\/(\d{1,9})\/?$/.exec(req.path);
    if (!m) return null;
    const photo = await service.findPhotoDetail(Number(m[1]));
    return photo ? photoHead(photo, config) : null;
  };
}

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
    ...['/', '/portfolio', '/about', '/faq', '/contact'].map((p) => url(p)),
    ...entries.categories.map((c) => url(`/portfolio/${encodeURIComponent(c)}`)),
    ...entries.photos.map((p) => url(`/photo/${p.id}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(config: SeoConfig): string {
  return [
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
export function createSeoRoutes(service: Pick<CatalogService, 'sitemapEntries'>, config: SeoConfig) {
  const router = createRouter();
  router.get('/sitemap.xml', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/xml').send(sitemapXml(config, await service.sitemapEntries()));
  });
  router.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(config));
  });
  return router;
}
