import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import { CartButton } from '../../features/cart';
import { useSite } from '../../lib/content-api';
import { useScrolledPast } from '../../components/use-scrolled-past';
import { Brand } from './brand';
import { HEADER_HEIGHT, NAV_LINKS } from './nav-links';

const MobileMenu = lazy(() => import('./mobile-menu'));

/** The header turns opaque once the page is scrolled past this many px. */
const OPAQUE_AFTER_PX = 10;

export function SiteHeader({ overHero }: { overHero: boolean }) {
  const scrolled = useScrolledPast(OPAQUE_AFTER_PX);
  const location = useLocation();
  const { siteName } = useSite();
  // The menu belongs to the navigation it was opened on, so any route change closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuOpen = menuOpenedAt === location.key;
  const closeMenu = () => setMenuOpenedAt(null);
  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpenedAt(location.key);
  };

  const light = overHero && !scrolled;

  return (
    <Box
      component="header"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        color: light ? '#fff' : 'text.primary',
        bgcolor: scrolled ? 'rgba(250, 248, 243, 0.94)' : 'transparent',
        backgroundImage: light ? 'linear-gradient(rgba(0,0,0,0.45), rgba(0,0,0,0))' : 'none',
        backdropFilter: scrolled ? 'saturate(1.4) blur(10px)' : 'none',
        boxShadow: scrolled ? '0 1px 0 rgba(31,38,34,0.08), 0 6px 24px rgba(31,38,34,0.06)' : 'none',
        transition: 'background-color 250ms ease, box-shadow 250ms ease, color 250ms ease',
      }}
    >
      <Box
        component="nav"
        aria-label="Main"
        sx={{
          display: 'flex',
          alignItems: 'center',
          height: { xs: HEADER_HEIGHT.xs, md: HEADER_HEIGHT.md },
          px: { xs: 2, sm: 3, md: 5 },
          gap: 1,
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          aria-label={`${siteName}, home`}
          sx={{ color: 'inherit', textDecoration: 'none', display: 'flex', alignItems: 'center', mr: 'auto' }}
        >
          <Brand height={40} light={light} />
        </Box>

        <Box
          component="ul"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, listStyle: 'none', m: 0, p: 0, mr: 1 }}
        >
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <Box
                component={NavLink}
                to={link.to}
                end={link.to === '/'}
                sx={{
                  display: 'block',
                  px: 1.75,
                  py: 1,
                  color: 'inherit',
                  textDecoration: 'none',
                  fontWeight: 500,
                  letterSpacing: '0.03em',
                  borderBottom: '2px solid transparent',
                  textShadow: light ? '0 1px 8px rgba(0,0,0,0.35)' : 'none',
                  '&:hover': { borderBottomColor: 'currentColor' },
                  '&.active': { borderBottomColor: light ? '#fff' : 'primary.main' },
                  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2, borderRadius: 1 },
                }}
              >
                {link.label}
              </Box>
            </li>
          ))}
        </Box>

        <CartButton />
        <IconButton
          color="inherit"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={menuLoaded ? 'mobile-menu' : undefined}
          edge="end"
          onClick={openMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Box>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
    </Box>
  );
}
