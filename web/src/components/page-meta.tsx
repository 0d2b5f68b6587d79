import { useSite } from '../lib/site-context';
import { pageTitle } from '../lib/page-title';
import { useSiteOrigin } from '../lib/site-origin';

export type ShareImage = { url: string; alt: string; width?: number; height?: number };

/**
 * A page's <head> tags, rendered with the page (React hoists them into <head>, and the server
 * sends them in its HTML): title, description, canonical link, Open Graph and Twitter card.
 */
type PageMetaProps = {
  title: string;
  description: string;
  /** The page's own path, for the canonical and share links. */
  path: string;
  siteName: string;
  image?: ShareImage;
  type?: 'website' | 'article';
  noindex?: boolean;
};

export function PageMeta({
  title,
  description,
  path,
  siteName,
  image,
  type = 'website',
  noindex = false,
}: PageMetaProps) {
  const origin = useSiteOrigin();
  const url = `${origin}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={`${origin}${image.url}`} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      {image?.width && <meta property="og:image:width" content={String(image.width)} />}
      {image?.height && <meta property="og:image:height" content={String(image.height)} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={`${origin}${image.url}`} />}
      {image && <meta name="twitter:image:alt" content={image.alt} />}
    </>
  );
}

/** PageMeta for one of the site's pages, titled '{page} | {site}'. */
export function SitePageMeta({
  page,
  ...props
}: Omit<PageMetaProps, 'title' | 'siteName'> & { page: string }) {
  const { siteName } = useSite();
  return <PageMeta {...props} title={pageTitle(siteName, page)} siteName={siteName} />;
}

/** The description of pages without their own: the site's. */
export const SITE_DESCRIPTION =
  'Nature photography from a Washington, DC wildlife refuge. Browse the portfolio and order fine art prints.';
