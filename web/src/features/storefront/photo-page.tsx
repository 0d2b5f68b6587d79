import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import type { PhotoDetail, PrintOption } from '../../lib/api-types';
import { isApiError, OFFLINE_MESSAGE } from '../../lib/api';
import { PageMeta } from '../../components/page-meta';
import { jsonForScript } from '../../lib/ssr-data';
import { useSiteOrigin } from '../../lib/site-origin';
import { ResponsiveImage } from '../../components/responsive-image';
import { useOnline } from '../../components/use-online';
import { RichText } from '../../components/rich-text';
import { formatPrice } from '../../lib/format';
import { useAddToCart } from '../cart';
import { useGetPhotoQuery } from '../../lib/catalog-api';
import { useSite } from '../../lib/content-api';
import { photoMetaDescription } from './meta';
import { pageTitle } from '../../lib/page-title';
import { photoJsonLd } from './photo-seo';
import { ShippingNoticeBanner } from '../../components/shipping-notice-banner';

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
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerLoaded, setViewerLoaded] = useState(false);
  const origin = useSiteOrigin();
  const { addToCart, isAdding } = useAddToCart();
  const online = useOnline();
  const options = photo.printOptions ?? [];
  const selected = options.find((option) => option.id === selectedId);
  const ratio = photo.width && photo.height ? photo.width / photo.height : 1.5;
  const description = photoMetaDescription(photo, photographerName);
  const shareWidth = photo.widths?.includes(1080) ? 1080 : photo.widths?.[photo.widths.length - 1];
  const openViewer = () => {
    setViewerLoaded(true);
    setViewerOpen(true);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 7 } }}>
      <PageMeta
        title={pageTitle(siteName, photo.title)}
        description={description}
        path={`/photo/${photo.id}`}
        siteName={siteName}
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

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, md: 7 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
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
          {photo.description && <RichText html={photo.description} />}

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

          <Divider sx={{ my: 4 }} />
          <Typography variant="h5" component="h2" id="print-options-heading" sx={{ mb: 2 }}>
            Print Options
          </Typography>
          {options.length === 0 ? (
            <Typography color="text.secondary">
              Prints of this photograph are not available yet. Please get in touch if you would like one.
            </Typography>
          ) : (
            <Box
              role="group"
              aria-labelledby="print-options-heading"
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: '1fr 1fr' },
              }}
            >
              {options.map((option) => (
                <PrintOptionCard
                  key={option.id}
                  option={option}
                  selected={option.id === selectedId}
                  onSelect={() => setSelectedId(option.id)}
                />
              ))}
            </Box>
          )}

          <ShippingNoticeBanner sx={{ mt: 3 }} />

          <Button
            variant="contained"
            size="large"
            fullWidth
            startIcon={<ShoppingBagOutlinedIcon />}
            disabled={!selected || isAdding || !online}
            onClick={() => addToCart(photo.id, selected?.id)}
            aria-describedby={online ? undefined : 'add-to-cart-offline'}
            sx={{ mt: 3, py: 1.5 }}
          >
            Add to Cart
          </Button>
          {!online && (
            <Typography
              id="add-to-cart-offline"
              variant="body2"
              color="text.secondary"
              sx={{ mt: 1.5, textAlign: 'center' }}
            >
              {OFFLINE_MESSAGE}
            </Typography>
          )}
          {online && selected && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, textAlign: 'center' }}>
              {`${selected.size} ${selected.format} · ${formatPrice(selected.price)} + ${formatPrice(selected.shipping)} shipping`}
            </Typography>
          )}
        </Box>
      </Box>

      {viewerLoaded && (
        <Suspense fallback={null}>
          <PhotoViewer photo={photo} open={viewerOpen} onClose={() => setViewerOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}

function PrintOptionCard({
  option,
  selected,
  onSelect,
}: {
  option: PrintOption;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <ButtonBase
      aria-pressed={selected}
      onClick={onSelect}
      sx={{
        display: 'block',
        textAlign: 'left',
        position: 'relative',
        p: 2,
        borderRadius: 1.5,
        border: '2px solid',
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(46, 75, 60, 0.07)' : 'background.paper',
        transition: 'border-color 150ms, background-color 150ms',
        '&:hover': { borderColor: selected ? 'primary.main' : 'primary.light' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
      }}
    >
      {selected && (
        <CheckCircleIcon
          aria-hidden
          fontSize="small"
          sx={{ position: 'absolute', top: 8, right: 8, color: 'primary.main' }}
        />
      )}
      <Typography sx={{ fontWeight: 700, pr: 3 }}>{option.size}</Typography>
      <Typography variant="body2" color="text.secondary">
        {option.format}
      </Typography>
      <Typography sx={{ mt: 1, fontWeight: 600, color: 'primary.main' }}>
        {formatPrice(option.price)}
      </Typography>
    </ButtonBase>
  );
}

function PhotoSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 7 } }} aria-busy="true" aria-label="Loading photo">
      <Skeleton variant="text" sx={{ width: 100, mb: { xs: 2.5, md: 4 } }} />
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 7 }, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 2' }} />
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '2.6rem', width: '80%' }} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" sx={{ width: '60%', mb: 4 }} />
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={96} />
            ))}
          </Box>
          <Skeleton variant="rounded" height={52} sx={{ mt: 3, borderRadius: 999 }} />
        </Box>
      </Box>
    </Container>
  );
}

function PhotoNotFound() {
  const { siteName } = useSite();
  const { id = '' } = useParams();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <PageMeta
        title={pageTitle(siteName, 'Photo Not Found')}
        description="The photo you are looking for does not exist or has been removed."
        path={`/photo/${id}`}
        siteName={siteName}
        noindex
      />
      <Typography variant="h2" component="h1" gutterBottom>
        Photo Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The photo you are looking for does not exist or has been removed.
      </Typography>
      <Button component={RouterLink} to="/portfolio" variant="contained" size="large">
        Return to Portfolio
      </Button>
    </Container>
  );
}

function PhotoLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        This photo could not be loaded
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Please check your connection and try again.
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        Try Again
      </Button>
    </Container>
  );
}
