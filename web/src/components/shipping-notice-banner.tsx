import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import type { SxProps, Theme } from '@mui/material/styles';
import { activeNoticeLines, useGetShippingNoticeQuery } from '../lib/content-api';

/** The temporary shipping notice; renders nothing unless it is active and has a first line. */
export function ShippingNoticeBanner({ sx }: { sx?: SxProps<Theme> }) {
  const { data } = useGetShippingNoticeQuery();
  const lines = activeNoticeLines(data);
  if (!lines) return null;
  return (
    <Box
      role="note"
      aria-label="Shipping notice"
      sx={[
        {
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          p: 2,
          borderRadius: 1.5,
          bgcolor: 'secondary.light',
          color: 'text.primary',
          border: '1px solid',
          borderColor: 'secondary.main',
        },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      <LocalShippingOutlinedIcon sx={{ color: 'secondary.dark', mt: 0.25 }} aria-hidden />
      <Box>
        <NoticeLines lines={lines} />
      </Box>
    </Box>
  );
}

/** The lines of a shipping notice, the first in bold; also the admin's preview of it. */
export function NoticeLines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <Typography key={index} variant="body2" sx={{ fontWeight: index === 0 ? 600 : 400 }}>
      {line}
    </Typography>
  ));
}
