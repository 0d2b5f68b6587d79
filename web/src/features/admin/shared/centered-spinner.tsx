import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function CenteredSpinner({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        flex: 1,
        minHeight: '60vh',
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
