import { useState } from 'react';
import { wallPrintOf } from '@shared/print-scale';
import type { PhotoDetail } from '../../../lib/api-types';
import { CloseIcon, IconButton, Sheet } from '../../../components/ui';
import { OwnWall } from './own-wall';
import { ChoiceButton } from './print-piece';
import { RoomModel } from './room-model';
import { WallScene } from './wall-scene';
import { styles } from './wall-preview-styles';
import css from './wall-preview.css?inline';

type Option = PhotoDetail['printOptions'][number];
type Mode = 'wall' | 'own' | 'room';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'wall', label: 'On a wall' },
  { mode: 'own', label: 'Your wall' },
  { mode: 'room', label: 'View in your room' },
];

/** The sizes that can be shown at scale: measured ('8x12', '30x40 cm'), not sold out. */
export function sizesToPreview(photo: PhotoDetail): Option[] {
  return (photo.printOptions ?? []).filter((o) => !o.edition?.soldOut && wallPrintOf(photo, o));
}

/**
 * "See it on a wall" (loaded only when she opens it): the chosen size at true scale on a drawn
 * wall, on a photo of her own wall, or as a 3D model to hang in her room through the phone's
 * camera. Choosing a size here chooses it on the page too.
 */
export default function WallPreview({
  photo,
  selected,
  onSelect,
  onClose,
}: {
  photo: PhotoDetail;
  selected: Option | undefined;
  onSelect: (id: number) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<Mode>('wall');
  const sizes = sizesToPreview(photo);
  const option = sizes.find((o) => o.id === selected?.id) ?? sizes[0];
  const print = option ? wallPrintOf(photo, option) : null;
  return (
    <Sheet side="full" open onClose={onClose} aria-labelledby="wall-preview-title" className={styles.sheet}>
      <style>{css}</style>
      <div className={styles.body}>
        <div className={styles.header}>
          <h2 id="wall-preview-title" className="t-h5">
            See it on a wall
          </h2>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>
        <div role="group" aria-label="Print size" className={styles.choices}>
          {sizes.map((o) => (
            <ChoiceButton key={o.id} pressed={o === option} onClick={() => onSelect(o.id)}>
              {o.size} <span className={styles.choiceNote}>{o.format}</span>
            </ChoiceButton>
          ))}
        </div>
        <div role="group" aria-label="Show it" className={styles.choices}>
          {MODES.map((m) => (
            <ChoiceButton key={m.mode} pressed={m.mode === mode} onClick={() => setMode(m.mode)}>
              {m.label}
            </ChoiceButton>
          ))}
        </div>
        {option && print && (
          <>
            {mode === 'wall' && <WallScene photo={photo} option={option} print={print} />}
            {mode === 'own' && <OwnWall photo={photo} option={option} print={print} />}
            {mode === 'room' && <RoomModel photo={photo} option={option} />}
          </>
        )}
      </div>
    </Sheet>
  );
}
