import { useEffect, useRef, useState, type Ref } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import TuneIcon from '@mui/icons-material/Tune';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type { AdminPhotoSummary } from '../../../lib/api-types';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useGetCategoriesQuery } from '../../../lib/catalog-api';
import { useGetAdminPhotosQuery } from '../shared/api';
import { filterPhotos, PHOTO_GRID_SIZES } from '../shared/photo-filter';
import { LoadError } from '../shared/load-error';
import { photoMarks } from '../shared/photo-protection';
import { SearchField } from '../shared/search-field';
import { TabHeader } from '../shared/tab-header';

const ADD_LINKS = [
  { to: '/admin/add-photo', label: 'Add New Photo', variant: 'contained', Icon: AddIcon },
  {
    to: '/admin/photos/batch',
    label: 'Add many photos',
    variant: 'outlined',
    Icon: AddPhotoAlternateOutlinedIcon,
  },
] as const;

const gridSx = {
  display: 'grid',
  gap: { xs: 2, sm: 2.5 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

function AdminPhotoCard({
  photo,
  categoryName,
  justAdded = false,
  ref,
}: {
  photo: AdminPhotoSummary;
  categoryName: string;
  /** The photo she has just added: marked, so she sees where it went. */
  justAdded?: boolean;
  ref?: Ref<HTMLElement>;
}) {
  const marks = photoMarks(photo);
  return (
    <Card
      ref={ref}
      component="article"
      aria-label={photo.title}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        ...(justAdded && { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 }),
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <ResponsiveImage photo={photo} ratio={4 / 3} sizes={PHOTO_GRID_SIZES} alt={photo.title} />
        {photo.featured && (
          <Chip
            icon={<StarIcon />}
            label="Featured"
            size="small"
            color="secondary"
            sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 600 }}
          />
        )}
      </Box>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {photo.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[photo.location, photo.dateTaken].filter(Boolean).join(' · ') || 'No location'}
        </Typography>
        {marks.map((mark) => (
          <Typography key={mark} variant="body2" sx={{ mt: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {mark}
          </Typography>
        ))}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
          {justAdded && <Chip label="Just added" size="small" color="primary" />}
          <Chip label={categoryName} size="small" variant="outlined" />
          {photo.aspectRatio && <Chip label={photo.aspectRatio} size="small" variant="outlined" />}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button
          component={RouterLink}
          to={`/admin/edit-photo/${photo.id}`}
          variant="contained"
          startIcon={<EditIcon />}
          sx={{ flex: 1 }}
        >
          Edit
        </Button>
        <Button
          component={RouterLink}
          to={`/admin/manage-photo-options/${photo.id}`}
          variant="outlined"
          startIcon={<TuneIcon />}
          sx={{ flex: 1, ml: '0 !important' }}
        >
          Options
        </Button>
      </CardActions>
    </Card>
  );
}

/** The photos tab, also shown at /admin/dashboard. */
export default function PhotosTab() {
  const { data: photos, error, isLoading, refetch, isFetching } = useGetAdminPhotosQuery();
  const { data: categories } = useGetCategoriesQuery();
  const [query, setQuery] = useState('');
  const shown = filterPhotos(photos ?? [], query);
  const categoryName = (name: string) => categories?.find((c) => c.name === name)?.displayName ?? name;
  // After 'Add Photo' the new photo may be far down the list: it is scrolled into view once it is in it.
  const addedId = (useLocation().state as { addedPhotoId?: number } | null)?.addedPhotoId;
  const addedCard = useRef<HTMLElement>(null);
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (!addedId || scrolledTo.current === addedId || !addedCard.current) return;
    scrolledTo.current = addedId;
    addedCard.current.scrollIntoView({ block: 'center' });
  }, [addedId, photos]);

  return (
    <Box>
      <TabHeader title="Photos" from="sm" gap={2} mb={3}>
        <SearchField
          label="Search photos"
          placeholder="Title, location or category"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
        {ADD_LINKS.map(({ to, label, variant, Icon }) => (
          <Button
            key={to}
            component={RouterLink}
            to={to}
            variant={variant}
            startIcon={<Icon />}
            sx={{ width: { xs: '100%', sm: 'auto' }, whiteSpace: 'nowrap' }}
          >
            {label}
          </Button>
        ))}
      </TabHeader>

      {error && !photos ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="photos" error={error} />
      ) : isLoading ? (
        <Box sx={gridSx} aria-busy="true" aria-label="Loading photos">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ height: 'auto', aspectRatio: '3 / 4' }} />
          ))}
        </Box>
      ) : photos && photos.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
          <PhotoLibraryOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
          <Typography variant="h5" component="p" sx={{ mt: 1 }}>
            No photos yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Add your first photo to start the portfolio.
          </Typography>
          <Button component={RouterLink} to="/admin/add-photo" variant="contained" startIcon={<AddIcon />}>
            Add New Photo
          </Button>
        </Box>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} role="status">
          No photos match “{query.trim()}”.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} role="status">
            {shown.length === photos?.length
              ? `${shown.length} photo${shown.length === 1 ? '' : 's'}`
              : `${shown.length} of ${photos?.length ?? 0} photos`}
          </Typography>
          <Box sx={gridSx}>
            {shown.map((photo) => (
              <AdminPhotoCard
                key={photo.id}
                photo={photo}
                categoryName={categoryName(photo.category)}
                justAdded={photo.id === addedId}
                ref={photo.id === addedId ? addedCard : undefined}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
