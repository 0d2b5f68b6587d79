import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useGetAdminPhotosQuery } from '../shared/api';
import { filterPhotos, PHOTO_GRID_SIZES } from '../shared/photo-filter';
import { SubPage } from '../shared/sub-page';
import { LoadError } from '../shared/load-error';
import { GridBox } from '../shared/grid-box';

/** All photos; picking one opens its option assignments. */
export default function PickPhotoPage() {
  const { data: photos, error, isLoading, refetch, isFetching } = useGetAdminPhotosQuery();
  const [query, setQuery] = useState('');
  const shown = filterPhotos(photos ?? [], query);

  return (
    <SubPage
      title="Manage Photo Options"
      backTo="/admin/sale-items"
      backLabel="Back to sale items"
      maxWidth="xl"
      actions={
        <TextField
          label="Search photos"
          type="search"
          size="small"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
      }
    >
      <Typography color="text.secondary" sx={{ mb: 3, mt: -2 }}>
        Pick a photo to choose which print options it is sold in.
      </Typography>
      {error && !photos ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="photos" error={error} />
      ) : isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {photos?.length ? 'No photos match your search.' : 'No photos yet.'}
        </Typography>
      ) : (
        <GridBox
          columns={{ xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)', xl: 'repeat(5, 1fr)' }}
        >
          {shown.map((photo) => (
            <Card key={photo.id}>
              <CardActionArea
                component={RouterLink}
                to={`/admin/manage-photo-options/${photo.id}`}
                sx={{ height: '100%' }}
              >
                <ResponsiveImage photo={photo} ratio={4 / 3} sizes={PHOTO_GRID_SIZES} renderedWidth={180} />
                <CardContent sx={{ p: 1.5 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{photo.title}</Typography>
                  <Chip
                    size="small"
                    label={photo.aspectRatio ?? 'No aspect ratio'}
                    color={photo.aspectRatio ? 'default' : 'warning'}
                    variant="outlined"
                    sx={{ mt: 0.75 }}
                  />
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </GridBox>
      )}
    </SubPage>
  );
}
