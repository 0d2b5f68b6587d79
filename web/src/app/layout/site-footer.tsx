import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TAGLINE } from '../../features/storefront';
import { useSite } from '../../lib/content-api';
import { palette } from '../../lib/palette';
import { NAV_LINKS } from './nav-links';

export function SiteFooter() {
  const { siteName, photographerName } = useSite();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: palette.forestDark, color: palette.sandLight, mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={4}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
        >
          <Box>
            <Typography variant="h4" component="p" sx={{ color: '#fff' }}>
              {siteName}
            </Typography>
            <Typography sx={{ mt: 1, opacity: 0.9, fontStyle: 'italic', fontFamily: 'Georgia, serif' }}>
              {TAGLINE}
            </Typography>
          </Box>
          <Stack
            component="nav"
            aria-label="Footer"
            direction="row"
            sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
          >
            {NAV_LINKS.map((link) => (
              <Box
                key={link.to}
                component={RouterLink}
                to={link.to}
                sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
              >
                {link.label}
              </Box>
            ))}
          </Stack>
        </Stack>
        <Box sx={{ borderTop: '1px solid rgba(239,228,208,0.2)', mt: 5, pt: 3 }}>
          {/* A page cached over New Year may say last year: the browser's year wins, without a warning. */}
          <Typography variant="body2" suppressHydrationWarning>
            {`© ${year} ${photographerName}`}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
