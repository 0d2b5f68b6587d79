import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { cropFractions, needsCrop, type FocalPoint } from '@shared/print-crop';
import { parseInches } from '@shared/print-sizes';
import type { AdminPhotoDetail } from '../../../lib/api-types';
import { errorMessage } from '../../../lib/api';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useToast } from '../../../components/toast';
import { EditDialog } from '../shared/edit-dialog';
import { useClearPrintCropMutation, useSetPrintCropMutation } from './api';

type SavedOption = AdminPhotoDetail['printOptions'][number];

/** Percent with one decimal: what is stored and said. */
const tenth = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The crop's centre as a focal point once the crop is kept inside the image: moving the frame
 * from there shows at once (a point past where the frame can go would move nothing at first).
 */
function centreOf(box: ReturnType<typeof cropFractions>): FocalPoint {
  return { x: tenth((box.left + box.width / 2) * 100), y: tenth((box.top + box.height / 2) * 100) };
}

/** Whether a size's crop can be adjusted: its size is in inches and differs from the photo's ratio. */
export function cropAdjustable(photo: Pick<AdminPhotoDetail, 'width' | 'height'>, size: string): boolean {
  const inches = parseInches(size);
  return Boolean(inches && photo.width && photo.height && needsCrop(photo, inches));
}

/**
 * The owner's crop of one print size: the photo with the part that size prints framed. The frame
 * is dragged with the pointer or moved with the arrow keys (Shift: ten steps); Save keeps it as
 * the size's own crop (the lab's file and the photo page follow), Reset to focal point goes back
 * to the photo's focal point.
 */
export function PrintCropDialog({
  photo,
  option,
  open,
  onClose,
}: {
  photo: AdminPhotoDetail;
  option: SavedOption;
  open: boolean;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <EditDialog open={open} onClose={onClose} fullScreen={fullScreen} titleId={titleId}>
      <CropEditor photo={photo} option={option} titleId={titleId} onClose={onClose} />
    </EditDialog>
  );
}

function CropEditor({
  photo,
  option,
  titleId,
  onClose,
}: {
  photo: AdminPhotoDetail;
  option: SavedOption;
  titleId: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const helpId = useId();
  const inches = parseInches(option.size)!;
  const px = { width: photo.width, height: photo.height };
  const [focal, setFocal] = useState<FocalPoint>(() => centreOf(cropFractions(px, inches, option.crop)));
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSetPrintCropMutation();
  const [clear, clearing] = useClearPrintCropMutation();
  const busy = saving.isLoading || clearing.isLoading;
  const box = cropFractions(px, inches, focal);
  const imageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number; from: FocalPoint } | null>(null);

  /** Moves the frame's centre by fractions of the image, kept inside it. */
  const moveTo = (from: FocalPoint, dx: number, dy: number) =>
    setFocal({
      x: tenth(clamp(from.x + dx * 100, (box.width / 2) * 100, (1 - box.width / 2) * 100)),
      y: tenth(clamp(from.y + dy * 100, (box.height / 2) * 100, (1 - box.height / 2) * 100)),
    });

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 0.1 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(focal, move[0], move[1]);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, from: focal };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const rect = imageRef.current?.getBoundingClientRect();
    if (!start || start.pointerId !== event.pointerId || !rect?.width || !rect.height) return;
    moveTo(start.from, (event.clientX - start.x) / rect.width, (event.clientY - start.y) / rect.height);
  };
  const endDrag = () => {
    drag.current = null;
  };

  const done = (title: string) => {
    toast({ title, description: `The ${option.size} print and the photo page follow it.` });
    onClose();
  };
  const onSave = async () => {
    setError(null);
    try {
      await save({ photoId: photo.id, printOptionId: option.id, ...focal }).unwrap();
      done('Crop saved');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const onReset = async () => {
    setError(null);
    try {
      await clear({ photoId: photo.id, printOptionId: option.id }).unwrap();
      done('Crop reset to the focal point');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const ratio = photo.width / photo.height;
  const pct = (n: number) => `${(n * 100).toFixed(3)}%`;
  const where = `${Math.round(focal.x)}% across, ${Math.round(focal.y)}% down`;
  return (
    <>
      <DialogTitle id={titleId}>Crop for {option.size}</DialogTitle>
      <DialogContent>
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The frame is the part of the photo the {option.size} print shows. Drag it, or select it and use the
          arrow keys (Shift moves further).
        </Typography>
        <Box
          ref={imageRef}
          sx={{
            position: 'relative',
            mx: 'auto',
            width: `min(100%, calc(60vh * ${ratio}))`,
            borderRadius: 1,
            overflow: 'hidden',
            touchAction: 'none',
          }}
        >
          <ResponsiveImage photo={photo} sizes="(min-width: 600px) 552px, 100vw" alt={photo.title} />
          <Box
            role="group"
            aria-roledescription="crop frame"
            aria-label={`Crop frame for ${option.size}`}
            aria-describedby={helpId}
            tabIndex={0}
            data-crop-frame={option.size}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            sx={{
              position: 'absolute',
              left: pct(box.left),
              top: pct(box.top),
              width: pct(box.width),
              height: pct(box.height),
              boxSizing: 'border-box',
              border: '2px solid #fff',
              boxShadow: '0 0 0 1px rgba(0,0,0,0.6), 0 0 0 100vmax rgba(0,0,0,0.5)',
              cursor: busy ? 'default' : 'move',
              '&:focus-visible': {
                outline: '3px solid',
                outlineColor: 'primary.light',
                outlineOffset: '-5px',
              },
            }}
          />
        </Box>
        <Typography variant="body2" sx={{ mt: 1.5 }} aria-live="polite">
          Centred {where}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {option.crop.custom ? 'This size has its own crop.' : "This size follows the photo's focal point."}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onReset} disabled={busy || !option.crop.custom} sx={{ mr: 'auto' }}>
          Reset to focal point
        </Button>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy}>
          {saving.isLoading ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
