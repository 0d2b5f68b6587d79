import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import type { PhotoSummary } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';
import { useScrolledPast } from '../../components/use-scrolled-past';
import { PageMeta, SITE_DESCRIPTION } from '../../components/page-meta';
import { palette } from '../../lib/palette';
import { FEATURED_MAX_AGE_S } from './constants';
import { useGetLogoQuery, useSite } from '../../lib/content-api';
import { useGetPhotosQuery } from '../../lib/catalog-api';
import { FEATURED_LIMIT, TAGLINE } from './constants';
import { PhotoCard, photoGridSx } from './photo-card';

export default function HomePage() {
  const { siteName, photographerName, loaded: siteLoaded } = useSite();
  const { data: featured, isLoading } = useGetPhotosQuery(
    { featured: true },
    { refetchOnMountOrArgChange: FEATURED_MAX_AGE_S },
  );
  const photos = (featured ?? []).slice(0, FEATURED_LIMIT);
  const hero = photos[0];

  return (
    <>
      <PageMeta
        title={`${siteName} | ${TAGLINE}`}
        description={SITE_DESCRIPTION}
        path="/"
        siteName={siteName}
        image={hero && { url: `/api/photos/${hero.id}/image`, alt: hero.title }}
      />
      <Hero hero={hero} siteName={siteName} loading={isLoading} />

      <Box
        component="section"
        id="featured"
        aria-labelledby="featured-heading"
        sx={{ py: { xs: 9, md: 14 } }}
      >
        <Container maxWidth="lg">
          <Stack spacing={1.5} sx={{ textAlign: 'center', mb: { xs: 5, md: 8 }, alignItems: 'center' }}>
            <Typography variant="overline" color="secondary.dark">
              Selected prints
            </Typography>
            <Typography id="featured-heading" variant="h2">
              Featured Work
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
              A few favourite moments from the marshes, woods and waterways, each available as a fine art
              print.
            </Typography>
          </Stack>

          {isLoading ? (
            <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
              <CircularProgress aria-label="Loading featured photos" />
            </Box>
          ) : (
            <Box sx={photoGridSx}>
              {photos.map((photo) => (
                <PhotoCard key={photo.id} photo={photo} ratio={4 / 5} />
              ))}
              {photos.length < FEATURED_LIMIT && <AllCollectionsTile />}
            </Box>
          )}

          <Box sx={{ textAlign: 'center', mt: { xs: 6, md: 8 } }}>
            <Button
              component={RouterLink}
              to="/portfolio"
              variant="outlined"
              size="large"
              endIcon={<ArrowForwardIcon />}
            >
              View Full Portfolio
            </Button>
          </Box>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="about-teaser-heading"
        sx={{ bgcolor: 'secondary.light', py: { xs: 9, md: 14 } }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography variant="overline" color="secondary.dark">
            About the photographer
          </Typography>
          <Typography id="about-teaser-heading" variant="h2" sx={{ mt: 1.5, mb: 3 }}>
            Patience, light and a quiet trail
          </Typography>
          <Typography variant="subtitle1" color="text.secondary" sx={{ maxWidth: 640, mx: 'auto' }}>
            {`${siteLoaded ? `I'm ${photographerName}, an` : "I'm an"} amateur nature photographer based in Washington, DC. Most of these photographs were made at a wildlife refuge close to home, early in the morning, waiting for the herons, eagles and deer to go about their day.`}
          </Typography>
          <Link
            component={RouterLink}
            to="/about"
            underline="always"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              mt: 4,
              fontWeight: 600,
              fontSize: '1.05rem',
            }}
          >
            Read My Story
            <ArrowForwardIcon fontSize="small" aria-hidden />
          </Link>
        </Container>
      </Box>
    </>
  );
}

function Hero({
  hero,
  siteName,
  loading,
}: {
  hero: PhotoSummary | undefined;
  siteName: string;
  loading: boolean;
}) {
  const { data: logo } = useGetLogoQuery();
  // The scroll-down button hides once the page is scrolled past half the viewport.
  const halfViewport = useCallback(() => window.innerHeight / 2, []);
  const scrolledPastHalf = useScrolledPast(halfViewport);
  const scrollDown = () => document.getElementById('featured')?.scrollIntoView({ behavior: 'smooth' });

  return (
    <Box
      component="section"
      aria-label="Welcome"
      sx={{
        position: 'relative',
        height: '100svh',
        minHeight: 520,
        overflow: 'hidden',
        bgcolor: palette.forestDark,
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {hero ? (
        <ResponsiveImage photo={hero} ratio="fill" priority sizes="100vw" alt={hero.title} />
      ) : (
        !loading && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              background: `radial-gradient(ellipse at 30% 20%, ${palette.forestLight}, ${palette.forestDark} 70%)`,
            }}
          />
        )
      )}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background:
            'linear-gradient(180deg, rgba(10,18,14,0.35) 0%, rgba(10,18,14,0.15) 40%, rgba(10,18,14,0.55) 100%)',
        }}
      />
      <Stack
        spacing={{ xs: 3, md: 4 }}
        sx={{ position: 'relative', alignItems: 'center', textAlign: 'center', px: 3 }}
      >
        {logo?.logoUrl ? (
          <Box
            component="img"
            src={logo.logoUrl}
            alt={siteName}
            width={logo.width ?? undefined}
            height={logo.height ?? undefined}
            sx={{
              width: 'auto',
              height: 'auto',
              maxHeight: { xs: 88, md: 128 },
              maxWidth: 'min(80vw, 420px)',
            }}
          />
        ) : (
          <Typography
            variant="overline"
            component="p"
            sx={{ fontSize: { xs: '0.85rem', md: '1rem' }, letterSpacing: '0.3em' }}
          >
            {siteName}
          </Typography>
        )}
        <Typography
          variant="h1"
          sx={{ maxWidth: 900, textShadow: '0 2px 24px rgba(0,0,0,0.35)', textWrap: 'balance' }}
        >
          {TAGLINE}
        </Typography>
        <Button component={RouterLink} to="/portfolio" variant="contained" color="secondary" size="large">
          View Portfolio
        </Button>
      </Stack>
      <IconButton
        aria-label="Scroll down"
        onClick={scrollDown}
        sx={{
          position: 'absolute',
          bottom: { xs: 20, md: 32 },
          left: '50%',
          transform: 'translateX(-50%)',
          color: '#fff',
          border: '1px solid rgba(255,255,255,0.6)',
          opacity: scrolledPastHalf ? 0 : 1,
          visibility: scrolledPastHalf ? 'hidden' : 'visible',
          transition: 'opacity 300ms ease, visibility 300ms',
          '@media (prefers-reduced-motion: no-preference)': {
            animation: 'wildframe-bob 2.4s ease-in-out infinite',
          },
          '@keyframes wildframe-bob': {
            '0%, 100%': { transform: 'translate(-50%, 0)' },
            '50%': { transform: 'translate(-50%, 6px)' },
          },
        }}
      >
        <KeyboardArrowDownIcon />
      </IconButton>
    </Box>
  );
}

function AllCollectionsTile() {
  return (
    <Box
      component={RouterLink}
      to="/portfolio"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        aspectRatio: '4 / 5',
        p: 4,
        borderRadius: 1.5,
        color: '#fff',
        textDecoration: 'none',
        background: `linear-gradient(160deg, ${palette.forestLight} 0%, ${palette.forest} 45%, ${palette.forestDark} 100%)`,
        transition: 'transform 300ms ease',
        '&:hover': { transform: 'translateY(-3px)' },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 4 },
      }}
    >
      <Typography variant="h4" component="h3">
        All Collections
      </Typography>
      <Typography sx={{ mt: 1, opacity: 0.9, display: 'flex', alignItems: 'center', gap: 1 }}>
        Browse every photograph <ArrowForwardIcon fontSize="small" aria-hidden />
      </Typography>
    </Box>
  );
}
