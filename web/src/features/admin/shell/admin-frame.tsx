import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';

// The router mounts the admin inside the storefront layout; the admin is its own full-page app,
// so the storefront header and footer are taken out of view (and out of the tab order) meanwhile.
const hideStorefrontChrome = {
  'header:has(~ #main), #main ~ footer': { display: 'none !important' },
  '#main': { paddingTop: '0 !important' },
};

/** Full-page frame of every admin screen. */
export function AdminFrame() {
  return (
    <Box
      data-admin-root
      sx={{ minHeight: '100dvh', bgcolor: 'grey.50', display: 'flex', flexDirection: 'column' }}
    >
      <GlobalStyles styles={hideStorefrontChrome} />
      <meta name="robots" content="noindex" />
      <Outlet />
    </Box>
  );
}
