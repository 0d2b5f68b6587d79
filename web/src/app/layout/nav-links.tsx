import { NavLink } from 'react-router';
import { NAV_LINKS } from '@shared/storefront-pages';

/** The site's pages as a list of links: the header's, the phone menu's and the no-script menu's. */
export function NavLinkList({
  listClassName,
  linkClassName,
  onNavigate,
}: {
  listClassName: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={listClassName}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} onClick={onNavigate} className={linkClassName}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
