import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import type { PhotoDetail } from '../../lib/api-types';
import { isApiError } from '../../lib/api';
import { useGetPhotoQuery } from '../../lib/catalog-api';
import { useSite } from '../../lib/content-api';
import { useSiteOrigin } from '../../lib/site-origin';
import { jsonForScript } from '../../lib/ssr-data';
import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { ResponsiveImage } from '../../components/responsive-image';
import { RichText } from '../../components/rich-text';
import { photoMetaDescription } from './meta';
import { PhotoLoadFailed, PhotoNotFound, PhotoSkeleton } from './photo-page-states';
import { PhotoPurchase } from './photo-purchase';
import { photoJsonLd } from './photo-seo';

// The full-screen viewer (MUI's Dialog and Modal) loads when first opened, not with the page.
const PhotoViewer = lazy(() => import('./photo-viewer'));

// Equal to the server's PHOTO_PAGE_IMAGE_SIZES (catalog.seo.ts), which preloads this image.
const IMAGE_SIZES = '(min-width: 1200px) 680px, (min-width: 900px) 56vw, 100vw';

export default function PhotoPage() {
  const { id = '' } = useParams();
  const numeric = /^\d+$/.test(id);
  const { data: photo, isLoading, error, refetch } = useGetPhotoQuery(Number(id), { skip: !numeric });

  if (!numeric) return <Navigate to="/portfolio" replace />;
  if (isLoading) return <PhotoSkeleton />;
  if (error || !photo) {
    const missing = !error || (isApiError(error) && (error.status === 404 || error.status === 400));
    return missing ? <PhotoNotFound /> : <PhotoLoadFailed onRetry={refetch} />;
  }
  // Keyed so choosing an option never leaks from one photo to the next.
  return <PhotoView key={photo.id} photo={photo} />;
}

function PhotoView({ photo }: { photo: PhotoDetail }) {
  const { siteName, photographerName } = useSite();
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerLoaded, setViewerLoaded] = useState(false);
  const origin = useSiteOrigin();
  const ratio = photo.width && photo.height ? photo.width / photo.height : 1.5;
  const description = photoMetaDescription(photo, photographerName);
  const shareWidth = photo.widths?.includes(1080) ? 1080 : photo.widths?.[photo.widths.length - 1];
  const openViewer = () => {
    setViewerLoaded(true);
    setViewerOpen(true);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 7 } }}>
      <SitePageMeta
        page={photo.title}
        description={description}
        path={`/photo/${photo.id}`}
        type="article"
        image={{
          url: `/api/photos/${photo.id}/image`,
          alt: `${photo.title}, a photograph by ${photographerName}`,
          width: shareWidth,
          height:
            shareWidth && photo.width ? Math.round((shareWidth * photo.height) / photo.width) : undefined,
        }}
      />
      <script
        type="application/ld+json"
        // Escaped for a script element: nothing in it can close the element.
        dangerouslySetInnerHTML={{
          __html: jsonForScript(photoJsonLd(photo, { origin, siteName, photographerName, description })),
        }}
      />

      <Link
        component={RouterLink}
        to="/portfolio"
        color="text.secondary"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          mb: { xs: 2.5, md: 4 },
          fontWeight: 500,
        }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        Portfolio
      </Link>

      <SplitColumns fr={[7, 5]} gap={{ xs: 4, md: 7 }}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 100 } }}>
          <ButtonBase
            onClick={openViewer}
            aria-label={`View ${photo.title} full screen`}
            sx={{
              display: 'block',
              // Tall photos shrink to fit the viewport instead of being cropped.
              width: { xs: '100%', md: `min(100%, calc((100dvh - 140px) * ${ratio}))` },
              mx: 'auto',
              borderRadius: 1.5,
              overflow: 'hidden',
              cursor: 'zoom-in',
              position: 'relative',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 4 },
              '&:hover .zoom-hint': { opacity: 1 },
            }}
          >
            <ResponsiveImage photo={photo} priority sizes={IMAGE_SIZES} />
            <Box
              className="zoom-hint"
              aria-hidden
              sx={{
                position: 'absolute',
                right: 12,
                bottom: 12,
                display: 'flex',
                p: 1,
                borderRadius: 999,
                bgcolor: 'rgba(0,0,0,0.5)',
                color: '#fff',
                opacity: { xs: 1, md: 0 },
                transition: 'opacity 200ms',
              }}
            >
              <ZoomOutMapIcon fontSize="small" />
            </Box>
          </ButtonBase>
        </Box>

        <Box>
          <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 2.5vw + 1.2rem, 3rem)', mb: 3 }}>
            {photo.title}
          </Typography>
          {photo.description && <RichText html={photo.description} headingLevel={1} />}

          <Divider sx={{ my: 4 }} />
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Details
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 3,
              rowGap: 1,
              m: 0,
              '& dt': { color: 'text.secondary', fontWeight: 600 },
              '& dd': { m: 0 },
            }}
          >
            <dt>Location</dt>
            <dd>{photo.location?.trim() || 'Not specified'}</dd>
            <dt>Date</dt>
            <dd>{photo.dateTaken?.trim() || 'Not specified'}</dd>
          </Box>

          <PhotoPurchase photo={photo} />
        </Box>
      </SplitColumns>

      {viewerLoaded && (
        <Suspense fallback={null}>
          <PhotoViewer photo={photo} open={viewerOpen} onClose={() => setViewerOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}
