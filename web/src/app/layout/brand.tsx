import Box from '@mui/material/Box';
import { useGetLogoQuery, useSite } from '../../lib/content-api';

/** The site logo from /api/logo, or the site name in the heading face when there is none. */
export function Brand({ height = 40, light = false }: { height?: number; light?: boolean }) {
  const { siteName } = useSite();
  const { data: logo, isLoading } = useGetLogoQuery();
  if (logo?.logoUrl) {
    const width = logo.width && logo.height ? Math.round((logo.width / logo.height) * height) : undefined;
    return (
      <Box
        component="img"
        src={logo.logoUrl}
        alt={siteName}
        height={height}
        width={width}
        sx={{ height, width: width ?? 'auto', display: 'block' }}
      />
    );
  }
  return (
    <Box
      component="span"
      sx={{
        fontFamily: 'Georgia, "Times New Roman", serif',
        fontSize: height * 0.6,
        lineHeight: 1,
        letterSpacing: '0.02em',
        color: light ? '#fff' : 'inherit',
        // keep the header's height steady while the logo call is in flight
        visibility: isLoading ? 'hidden' : 'visible',
      }}
    >
      {siteName}
    </Box>
  );
}
