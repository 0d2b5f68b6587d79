import { useState, type CSSProperties } from 'react';
import type { PhotoDetail } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';
import { ZoomOutMapIcon } from '../../components/ui';
import { defineIsland } from '../../islands/island';
import { useChosenPrint } from './photo-selection';
import { PhotoViewer } from './photo-viewer';
import { PrintFrame } from './print-frame';
import styles from './photo-page.module.css';

// The photo column's width at each breakpoint (photo-page.module.css), so the browser fetches the
// variant that fills it.
const IMAGE_SIZES = '(min-width: 1200px) 680px, (min-width: 900px) 56vw, 100vw';

/**
 * The photo on its page, with the chosen size's print framed over it, and the button that opens it
 * full screen (the lightbox). An island: its props are the photo's JSON (without its description).
 */
export default function PhotoMedia({ photo }: { photo: PhotoDetail }) {
  const [viewerOpen, setViewerOpen] = useState(false);
  const selected = useChosenPrint(photo);
  const ratio = photo.width && photo.height ? photo.width / photo.height : 1.5;
  return (
    <>
      {/* The button lies over the photo: a button may hold only phrasing content, and the image box is a div. */}
      <div className={styles.open} style={{ '--ratio': ratio } as CSSProperties}>
        <ResponsiveImage photo={photo} priority sizes={IMAGE_SIZES} className={styles.image} />
        <PrintFrame photo={photo} option={selected} className={styles.frame} />
        <button
          type="button"
          onClick={() => setViewerOpen(true)}
          aria-label={`View ${photo.title} full screen`}
          className={styles.zoom}
        >
          <span className={styles.zoomHint}>
            <ZoomOutMapIcon size="1.25rem" />
          </span>
        </button>
      </div>
      <PhotoViewer photo={photo} open={viewerOpen} onClose={() => setViewerOpen(false)} selected={selected} />
    </>
  );
}

export const PhotoMediaIsland = defineIsland('photo-media', PhotoMedia);
