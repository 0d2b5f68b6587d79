import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useOnline } from './use-online';

export const OFFLINE_BANNER_TEXT =
  'You are offline. Pages you have visited still work; ordering and sending messages need a connection.';

/** A quiet bar that says the network is gone and what still works; renders nothing when online. */
export function OfflineBanner({ sx }: { sx?: SxProps<Theme> }) {
  const online = useOnline();
  return (
    // The live region stays mounted so screen readers announce the change when it fills.
    <Box role="status" sx={sx}>
      {!online && (
        <Box
          sx={{
            px: 2,
            py: 0.75,
            bgcolor: 'secondary.light',
            color: 'text.primary',
            borderBottom: '1px solid',
            borderColor: 'divider',
            fontSize: '0.875rem',
            lineHeight: 1.5,
            textAlign: 'center',
          }}
        >
          {OFFLINE_BANNER_TEXT}
        </Box>
      )}
    </Box>
  );
}
