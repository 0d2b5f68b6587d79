import { NAV_LINKS } from '@shared/storefront-pages';
import { cx } from '../../components/ui';

/** Whether a nav link is the page at `pathname` (home only for `/`, a section for its sub-pages). */
const isActive = (to: string, pathname: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/**
 * The site's pages as a list of links: the header's, the phone menu's and the no-script menu's.
 * Plain links (the header is an island, web/src/islands): the current page's is marked.
 */
export function NavLinkList({
  pathname,
  listClassName,
  linkClassName,
  onNavigate,
}: {
  pathname: string;
  listClassName: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={listClassName}>
      {NAV_LINKS.map((link) => {
        const active = isActive(link.to, pathname);
        return (
          <li key={link.to}>
            <a
              href={link.to}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              className={cx(linkClassName, active && 'active')}
            >
              {link.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
