import type { PhotoDetail } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';
import { CloseIcon, IconButton, Sheet } from '../../components/ui';
import { PrintFrame } from './print-frame';
import styles from './photo-viewer.module.css';

/** The photo full screen over a dark surround, with the chosen size's print framed. */
export function PhotoViewer({
  photo,
  open,
  onClose,
  selected,
}: {
  photo: PhotoDetail;
  open: boolean;
  onClose: () => void;
  selected?: PhotoDetail['printOptions'][number];
}) {
  const ratio = photo.width && photo.height ? photo.width / photo.height : 1.5;
  return (
    <Sheet side="full" open={open} onClose={onClose} aria-label={photo.title}>
      <div
        className={styles.surround}
        onClick={(event) => {
          // A click on the dark surround (not on the photo) closes the viewer.
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <div className={styles.photo} style={{ width: `min(100%, calc((100dvh - 64px) * ${ratio}))` }}>
          <ResponsiveImage photo={photo} sizes="100vw" fit="contain" style={{ background: 'transparent' }} />
          <PrintFrame photo={photo} option={selected} />
        </div>
      </div>
      <IconButton aria-label="Close" onClick={onClose} className={styles.close}>
        <CloseIcon />
      </IconButton>
    </Sheet>
  );
}
