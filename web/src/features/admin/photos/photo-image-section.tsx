import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { PhotoDetail } from '../../../lib/api-types';
import { useToast } from '../../../components/toast';
import { FormSection } from '../shared/form-section';
import { CropPositionField } from './crop-position-field';
import { base64Of, isImageFile, LIMITS, makeThumbnail, readAsDataUrl } from './image-files';
import { ImagePicker } from './image-picker';
import type { FormMode, PhotoFormDispatch, PhotoFormState } from './photo-form-state';

type Kind = 'image' | 'thumbnail';

/** What differs between the photo's picker and the thumbnail's, on the add and the edit form. */
const PICKERS = {
  image: {
    label: 'Photo Image',
    buttonLabel: ['Choose image', 'Choose a different image'],
    hint: {
      add: 'JPEG, PNG, WebP or another image format, up to 5MB.',
      edit: 'Choose a new image only to replace the current one (up to 10MB).',
    },
    clearLabel: { add: 'Remove', edit: 'Keep current image' },
    limit: { add: LIMITS.addImage, edit: LIMITS.editImage },
    tooLarge: { add: 'Please select an image under 5MB', edit: 'Please select an image under 10MB' },
    unreadable: 'Failed to process the image. Please try another.',
  },
  thumbnail: {
    label: 'Thumbnail Image (optional)',
    buttonLabel: ['Choose thumbnail', 'Choose a different thumbnail'],
    hint: {
      add: 'Up to 1MB. Without one, a thumbnail is made from the photo.',
      edit: 'Up to 2MB. Without one, a new image gets a thumbnail made automatically.',
    },
    clearLabel: { add: 'Remove', edit: 'Remove' },
    limit: { add: LIMITS.addThumbnail, edit: LIMITS.editThumbnail },
    tooLarge: { add: 'Please select a thumbnail under 1MB', edit: 'Please select a thumbnail under 2MB' },
    unreadable: 'Failed to process the thumbnail. Please try another.',
  },
} as const;

/** Revokes a preview's object URL once it is replaced or the form goes away. */
function useRevokeOnReplace(url: string | undefined) {
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
}

function PreviewImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, objectFit: 'contain', borderRadius: 1 }}
    />
  );
}

type PhotoImageSectionProps = {
  state: PhotoFormState;
  dispatch: PhotoFormDispatch;
  photo?: PhotoDetail;
  busy: boolean;
};

/** The photo, its optional thumbnail and the crop position. */
export function PhotoImageSection({ state, dispatch, photo, busy }: PhotoImageSectionProps) {
  const toast = useToast();
  const { mode, image, thumbnail } = state;
  useRevokeOnReplace(image?.previewUrl);
  useRevokeOnReplace(thumbnail?.previewUrl);

  const choose = async (kind: Kind, file: File) => {
    const picker = PICKERS[kind];
    if (!isImageFile(file)) {
      toast({
        title: 'Invalid file type',
        description: 'Please upload an image file (JPEG, PNG, etc.)',
        variant: 'destructive',
      });
      return;
    }
    if (file.size > picker.limit[mode]) {
      toast({ title: 'File too large', description: picker.tooLarge[mode], variant: 'destructive' });
      return;
    }
    try {
      const base64 = base64Of(await readAsDataUrl(file));
      if (kind === 'thumbnail') {
        dispatch({ type: 'thumbnail', thumbnail: { file, previewUrl: URL.createObjectURL(file), base64 } });
        return;
      }
      const autoThumbnail = mode === 'edit' ? await makeThumbnail(file) : undefined;
      const type = file.type || 'image/jpeg';
      dispatch({
        type: 'image',
        image: { file, previewUrl: URL.createObjectURL(file), base64, type, autoThumbnail },
      });
    } catch {
      toast({ title: 'Error', description: picker.unreadable, variant: 'destructive' });
    }
  };

  const pickerProps = (kind: Kind, chosen: boolean, mode: FormMode) => ({
    label: PICKERS[kind].label,
    buttonLabel: PICKERS[kind].buttonLabel[chosen ? 1 : 0],
    hint: PICKERS[kind].hint[mode],
    clearLabel: PICKERS[kind].clearLabel[mode],
    onFile: (file: File) => void choose(kind, file),
    disabled: busy,
  });

  return (
    <FormSection title="Image">
      <Stack spacing={3}>
        <ImagePicker
          {...pickerProps('image', Boolean(image || photo), mode)}
          preview={
            image ? (
              <PreviewImage src={image.previewUrl} alt="Preview of the chosen photo" />
            ) : photo ? (
              <PreviewImage src={photo.thumbnailUrl} alt={`Current image of ${photo.title}`} />
            ) : undefined
          }
          fileName={image?.file.name}
          onClear={image ? () => dispatch({ type: 'image', image: null }) : undefined}
          error={state.fieldErrors.image}
        />
        <ImagePicker
          compact
          {...pickerProps('thumbnail', Boolean(thumbnail), mode)}
          preview={
            thumbnail ? (
              <Box
                component="img"
                src={thumbnail.previewUrl}
                alt="Preview of the chosen thumbnail"
                sx={{ maxWidth: 160, maxHeight: 120, objectFit: 'contain' }}
              />
            ) : undefined
          }
          fileName={thumbnail?.file.name}
          onClear={thumbnail ? () => dispatch({ type: 'thumbnail', thumbnail: null }) : undefined}
        />
        <CropPositionField
          value={state.fields.verticalPosition}
          onChange={(value) => dispatch({ type: 'field', name: 'verticalPosition', value })}
          previewSrc={image?.previewUrl}
          photo={photo}
          disabled={busy}
        />
      </Stack>
    </FormSection>
  );
}
