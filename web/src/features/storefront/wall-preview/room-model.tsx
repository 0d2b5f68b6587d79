import { useEffect, useState } from 'react';
import type { PhotoDetail } from '../../../lib/api-types';
import { Alert, Spinner } from '../../../components/ui';
import { styles } from './wall-preview-styles';

type Option = PhotoDetail['printOptions'][number];

/**
 * The print's model (GET /api/photos/{id}/print-model/{optionId}.glb, at its real size) in
 * model-viewer: turned by hand on a desktop; on a phone its AR button places it on a wall of her
 * room through the camera (WebXR or Scene Viewer on Android, Quick Look on iOS from a USDZ
 * model-viewer makes of the same model), at a fixed scale so it stays true to size. model-viewer
 * (and three.js in it) loads only now, when she asks.
 */
export function RoomModel({ photo, option }: { photo: PhotoDetail; option: Option }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    import('@google/model-viewer').then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  // the photo's version and this size's crop: a new image or a moved crop is a new address
  const version = new URL(photo.imageUrl, 'http://x').searchParams.get('v') ?? '0';
  const src = `/api/photos/${photo.id}/print-model/${option.id}.glb?v=${version}-${option.crop.x}-${option.crop.y}`;
  if (state === 'failed')
    return <Alert severity="error">The 3D view could not load. Check your connection and try again.</Alert>;
  if (state === 'loading')
    return (
      <div className={styles.modelBox}>
        <Spinner label="Loading the 3D view" />
      </div>
    );
  return (
    <>
      <model-viewer
        key={src}
        src={src}
        alt={`${photo.title} as a ${option.size} print, in 3D at its real size`}
        ar
        ar-modes="webxr scene-viewer quick-look"
        ar-placement="wall"
        ar-scale="fixed"
        camera-controls
        touch-action="pan-y"
        shadow-intensity="1"
        className={styles.modelBox}
        data-testid="print-model-viewer"
      />
      <p className={`t-body2 t-muted ${styles.caption}`}>
        Drag to turn the print. On a phone, tap the AR button to hang it on your wall through the camera, at
        its real size.
      </p>
    </>
  );
}
