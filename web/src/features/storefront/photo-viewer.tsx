import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import type { PhotoDetail } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';

/** The photo full screen over a dark surround; loaded by the photo page when first opened. */
export default function PhotoViewer({
  photo,
  open,
  onClose,
}: {
  photo: PhotoDetail;
  open: boolean;
  onClose: () => void;
}) {
  const ratio = photo.width && photo.height ? photo.width / photo.height : 1.5;
  return (
    <Dialog
      fullScreen
      open={open}
      onClose={onClose}
      aria-label={photo.title}
      slotProps={{ paper: { sx: { bgcolor: 'rgba(8, 10, 9, 0.97)' } } }}
    >
      <Box
        onClick={(event) => {
          // A click on the dark surround (not on the photo) closes the viewer.
          if (event.target === event.currentTarget) onClose();
        }}
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          p: { xs: 1, md: 4 },
        }}
      >
        <ResponsiveImage
          photo={photo}
          sizes="100vw"
          fit="contain"
          style={{ width: `min(100%, calc((100dvh - 64px) * ${ratio}))`, background: 'transparent' }}
        />
      </Box>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{
          position: 'absolute',
          top: 12,
          right: 12,
          color: '#fff',
          bgcolor: 'rgba(255,255,255,0.12)',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
        }}
      >
        <CloseIcon />
      </IconButton>
    </Dialog>
  );
}
