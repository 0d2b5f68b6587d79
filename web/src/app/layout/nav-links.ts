export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Header height in px per breakpoint; the main area is padded by it. */
export const HEADER_HEIGHT = { xs: 64, md: 76 } as const;
