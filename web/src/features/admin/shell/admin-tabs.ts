/** The eight tabs of the admin shell, in order; each is a route under /admin. */
export const ADMIN_TABS = [
  { value: 'photos', label: 'Photos' },
  { value: 'sale-items', label: 'Sale Items' },
  { value: 'about', label: 'About' },
  { value: 'website-data', label: 'Website Data' },
  { value: 'orders', label: 'Orders' },
  { value: 'faqs', label: 'FAQs' },
  { value: 'shipping-notice', label: 'Shipping Notice' },
  { value: 'numbers', label: 'Numbers' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/** The tab a pathname belongs to; /admin/dashboard shows the photos tab. */
export function tabOfPath(pathname: string): AdminTab | null {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0];
  if (segment === 'dashboard') return 'photos';
  return ADMIN_TABS.find((tab) => tab.value === segment)?.value ?? null;
}
