/** '{page} | {site}', or the site name alone for the home page. */
export function pageTitle(siteName: string, page?: string): string {
  return page ? `${page} | ${siteName}` : siteName;
}
