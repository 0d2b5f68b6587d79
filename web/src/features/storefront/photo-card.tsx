import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PhotoSummary } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';
import { joinParts } from '../../lib/format';

export const GRID_SIZES = '(min-width: 1200px) 384px, (min-width: 900px) 31vw, (min-width: 600px) 46vw, 92vw';

/** A photo tile linking to its detail page: image, title, then location and date taken. */
export function PhotoCard({
  photo,
  ratio = 4 / 3,
  headingLevel = 'h3',
  priority = false,
}: {
  photo: PhotoSummary;
  ratio?: number;
  headingLevel?: 'h2' | 'h3';
  priority?: boolean;
}) {
  const caption = joinParts(photo.location, photo.dateTaken);
  return (
    <Box
      component={RouterLink}
      to={`/photo/${photo.id}`}
      sx={{
        display: 'block',
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 1.5,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 4 },
        '& .photo-card-image': { transition: 'transform 600ms cubic-bezier(.2,.7,.2,1)' },
        '@media (hover: hover)': { '&:hover .photo-card-image img': { transform: 'scale(1.035)' } },
        '& img': { transition: 'transform 600ms cubic-bezier(.2,.7,.2,1)' },
      }}
    >
      <Box className="photo-card-image" sx={{ borderRadius: 1.5, overflow: 'hidden' }}>
        <ResponsiveImage photo={photo} ratio={ratio} sizes={GRID_SIZES} priority={priority} />
      </Box>
      <Box sx={{ pt: 1.75, px: 0.25 }}>
        <Typography variant="h6" component={headingLevel} sx={{ lineHeight: 1.3 }}>
          {photo.title}
        </Typography>
        {caption && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {caption}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function PhotoCardSkeleton({ ratio = 4 / 3 }: { ratio?: number }) {
  return (
    <Box aria-hidden>
      <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: `${ratio}` }} />
      <Skeleton variant="text" sx={{ mt: 1.5, fontSize: '1.2rem', width: '70%' }} />
      <Skeleton variant="text" sx={{ width: '45%' }} />
    </Box>
  );
}

/** One column on phones, two on tablets, three on desktops. */
export const photoGridSx = {
  display: 'grid',
  gap: { xs: 4, md: 5 },
  columnGap: { sm: 3, md: 4 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;
