import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { PhotoDetail } from '../../lib/api-types';
import { Button } from '../../components/ui';

// The preview, model-viewer and three.js are separate chunks, fetched when she opens it: the
// photo page itself loads none of them.
const WallPreview = lazy(() => import('./wall-preview/wall-preview'));

type Option = PhotoDetail['printOptions'][number];

/**
 * A size with measurements, in the form sizes are stored ('8x12', '30x40 cm'; src/shared/print-sizes.ts):
 * a cheap test here, so the page carries none of the preview's rules (the preview reads the size).
 */
const MEASURED = /\d(?:\.\d+)?x\d/;

/** "See it on a wall" under the print options, when a size can be shown at its real size. */
export function WallPreviewLauncher({
  photo,
  selected,
  onSelect,
}: {
  photo: PhotoDetail;
  selected: Option | undefined;
  onSelect: (id: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const any = (photo.printOptions ?? []).some((o) => !o.edition?.soldOut && MEASURED.test(o.size));
  if (!any) return null;
  // The preview's dialog is removed, not closed, so the browser does not put focus back: once it is
  // gone (the page no longer inert), focus returns to the button that opened it.
  const close = () => {
    flushSync(() => setOpen(false));
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        variant="outlined"
        fullWidth
        onClick={() => setOpen(true)}
        style={{ marginTop: 16 }}
      >
        See it on a wall
      </Button>
      {open && (
        <Suspense fallback={null}>
          <WallPreview photo={photo} selected={selected} onSelect={onSelect} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
