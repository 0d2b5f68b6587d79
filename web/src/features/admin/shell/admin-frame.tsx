import { Outlet } from 'react-router';
import Box from '@mui/material/Box';

/** Full-page frame of every admin screen. */
export function AdminFrame() {
  return (
    <Box
      data-admin-root
      sx={{ minHeight: '100dvh', bgcolor: 'grey.50', display: 'flex', flexDirection: 'column' }}
    >
      <meta name="robots" content="noindex" />
      <Outlet />
    </Box>
  );
}
