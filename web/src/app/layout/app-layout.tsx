import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import Box from '@mui/material/Box';
import { CartPanelHost } from '../../features/cart';
import { OfflineBanner } from '../../components/offline-banner';
import { HEADER_HEIGHT } from './nav-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Fixed header, main area, footer and the cart panel around every page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // A new page starts at the top; back and forward keep the browser's own scroll restoration.
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  // The home hero sits under the transparent header; every other page is padded below it.
  const overHero = pathname === '/';
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <SiteHeader overHero={overHero} />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          flex: 1,
          // Keeps the footer below the fold while a page's chunk and data load (no layout shift).
          minHeight: '100dvh',
          outline: 'none',
          pt: overHero ? 0 : { xs: `${HEADER_HEIGHT.xs}px`, md: `${HEADER_HEIGHT.md}px` },
        }}
      >
        {/* Just under the fixed header, and over the home hero, while the network is gone. */}
        <OfflineBanner
          sx={{
            // Over the hero it floats (no gap above the hero); elsewhere it takes its own space.
            position: overHero ? 'fixed' : 'sticky',
            left: 0,
            right: 0,
            top: { xs: HEADER_HEIGHT.xs, md: HEADER_HEIGHT.md },
            zIndex: (theme) => theme.zIndex.appBar - 1,
          }}
        />
        <Outlet />
      </Box>
      <SiteFooter />
      <CartPanelHost />
    </Box>
  );
}
