import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useGetAdminPhotosQuery } from '../shared/api';
import { ListSkeleton } from '../shared/list-panel';

export type PickedPhoto = { src: string; alt: string };

type Props = {
  open: boolean;
  fullScreen: boolean;
  onClose: () => void;
  onPick: (photo: PickedPhoto) => void;
};

/**
 * Her public photos to insert: the display image's path on the shop's address (the server makes it
 * absolute for the e-mail). A draft's or scheduled photo's image is not public, so not offered.
 */
export function PhotoPickerDialog({ open, fullScreen, onClose, onPick }: Props) {
  const { data, isLoading } = useGetAdminPhotosQuery(undefined, { skip: !open });
  const photos = (data ?? []).filter((p) => p.published && !p.draft);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="pick-photo-title"
    >
      <DialogTitle id="pick-photo-title">Insert a photo</DialogTitle>
      <DialogContent dividers>
        {isLoading ? (
          <ListSkeleton label="Loading your photos" height={120} />
        ) : photos.length === 0 ? (
          <Typography color="text.secondary">No public photos yet.</Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Your photos"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
            }}
          >
            {photos.map((photo) => (
              <li key={photo.id}>
                <ButtonBase
                  onClick={() => onPick({ src: photo.imageUrl, alt: photo.title })}
                  aria-label={`Insert ${photo.title}`}
                  sx={{
                    display: 'block',
                    width: '100%',
                    borderRadius: 1,
                    overflow: 'hidden',
                    textAlign: 'left',
                  }}
                >
                  <Box
                    component="img"
                    src={photo.thumbnailUrl}
                    alt=""
                    sx={{ display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover' }}
                  />
                  <Typography variant="body2" noWrap sx={{ p: 0.5 }}>
                    {photo.title}
                  </Typography>
                </ButtonBase>
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
