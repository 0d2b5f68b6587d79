import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiError } from '../../../lib/api';
import { useGetAdminPhotoQuery } from '../shared/api';
import { CenteredSpinner } from '../shared/centered-spinner';
import { SubPage } from '../shared/sub-page';
import { DeletePhotoButton } from './delete-photo-button';
import { PhotoForm } from './photo-form';
import { LoadError } from '../shared/load-error';
import { PhotoLicencesSold } from './photo-licences-sold';
import { useIdParam } from '../shared/use-id-param';

function PhotoNotFound() {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}>
      <title>Photo Not Found | Admin</title>
      <Typography variant="h3" component="h1" gutterBottom>
        Photo Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The photo you are trying to edit does not exist.
      </Typography>
      <Button
        component={RouterLink}
        to="/admin/dashboard"
        variant="contained"
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        Back to Dashboard
      </Button>
    </Box>
  );
}

/** `extra`: sections of other screens in the photo's form (the limited edition), composed in admin-routes. */
export default function EditPhotoPage({ extra }: { extra?: ReactNode }) {
  const { id, validId } = useIdParam();
  const {
    data: photo,
    error,
    isLoading,
    refetch,
    isFetching,
  } = useGetAdminPhotoQuery(id, {
    skip: !validId,
    refetchOnMountOrArgChange: true,
  });

  if (!validId) return <PhotoNotFound />;
  if (isLoading) return <CenteredSpinner label="Loading photo..." />;
  if (!photo) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return <PhotoNotFound />;
    return (
      <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
        <LoadError onRetry={refetch} retrying={isFetching}>
          Failed to load the photo. {error ? errorMessage(error) : ''}
        </LoadError>
      </Box>
    );
  }

  return (
    <SubPage title="Edit Photo" backTo="/admin/dashboard" backLabel="Back to dashboard">
      {/* Keyed so that a refetch after saving never resets what is being typed. */}
      <PhotoForm key={photo.id} mode="edit" photo={photo} extra={extra} />
      <PhotoLicencesSold photoId={photo.id} />
      <Box
        component="section"
        aria-label="Delete photo"
        sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}
      >
        <DeletePhotoButton photoId={photo.id} title={photo.title} />
      </Box>
    </SubPage>
  );
}
