import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ImageFormatFiles } from '@contract';
import type { PhotoDetail } from '../../../lib/api-types';
import { pictureSources } from '../../../components/image-sources';
import { useToast } from '../../../components/toast';
import { FormSection } from '../shared/form-section';
import { CropPositionField } from './crop-position-field';
import { cameraDetailsFrom, exifDate, nearestAspectRatio } from '@shared/photo-metadata';
import { formatMb, isImageFile, makeThumbnail, readExif, readImageSize } from './image-files';
import { ImagePicker } from './image-picker';
import type { FormMode, ImageFacts, PhotoFormDispatch, PhotoFormState } from './photo-form-state';
import { usePhotoUploadLimits } from './photo-upload-limits';

type Kind = 'image' | 'thumbnail';

type Limits = ReturnType<typeof usePhotoUploadLimits>;

/**
 * What differs between the photo's picker and the thumbnail's, on the add and the edit form. The
 * limits are the server's (MAX_PHOTO_MB, 50 MB unless set), so the hint and 'File too large' name
 * the real number.
 */
function pickers(limits: Limits) {
  /** A picker's largest file when adding and when editing, and the sentence that refuses a larger one. */
  const sizeLimit = (what: string, add: number, edit: number) => ({
    limit: { add, edit },
    tooLarge: {
      add: `Please select ${what} under ${formatMb(add)}`,
      edit: `Please select ${what} under ${formatMb(edit)}`,
    },
  });
  return {
    image: {
      label: 'Photo Image',
      buttonLabel: ['Choose image', 'Choose a different image'],
      hint: {
        add: `JPEG, PNG, WebP or another image format, up to ${formatMb(limits.addImage)}.`,
        edit: `Choose a new image only to replace the current one (up to ${formatMb(limits.editImage)}).`,
      },
      clearLabel: { add: 'Remove', edit: 'Keep current image' },
      ...sizeLimit('an image', limits.addImage, limits.editImage),
      unreadable: 'Failed to process the image. Please try another.',
    },
    thumbnail: {
      label: 'Thumbnail Image (optional)',
      buttonLabel: ['Choose thumbnail', 'Choose a different thumbnail'],
      hint: {
        add: `Up to ${formatMb(limits.addThumbnail)}. Without one, a thumbnail is made from the photo.`,
        edit: `Up to ${formatMb(limits.editThumbnail)}. Without one, a new image gets a thumbnail made automatically.`,
      },
      clearLabel: { add: 'Remove', edit: 'Remove' },
      ...sizeLimit('a thumbnail', limits.addThumbnail, limits.editThumbnail),
      unreadable: 'Failed to process the thumbnail. Please try another.',
    },
  } as const;
}

/** The ratio nearest the file's pixel size and its EXIF date and camera (nulls when unreadable). */
async function factsOf(file: File): Promise<ImageFacts> {
  const [size, tags] = await Promise.all([readImageSize(file).catch(() => null), readExif(file)]);
  return {
    aspectRatio: size ? nearestAspectRatio(size.width, size.height) : null,
    dateTaken: exifDate(tags?.DateTimeOriginal),
    camera: cameraDetailsFrom(tags),
  };
}

/** Revokes a preview's object URL once it is replaced or the form goes away. */
function useRevokeOnReplace(url: string | undefined) {
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
}

/** A chosen file's preview, or the current image's thumbnail files (AVIF where the browser reads it). */
function PreviewImage({
  src,
  alt,
  files,
}: {
  src: string;
  alt: string;
  files?: readonly ImageFormatFiles[];
}) {
  const picture = files ? pictureSources(files, true) : undefined;
  const img = (
    <Box
      component="img"
      src={picture?.img.src ?? src}
      alt={alt}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, objectFit: 'contain', borderRadius: 1 }}
    />
  );
  if (!picture) return img;
  return (
    <picture style={{ display: 'contents' }}>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} />
      ))}
      {img}
    </picture>
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
  const texts = pickers(usePhotoUploadLimits());
  const { mode, image, thumbnail } = state;
  useRevokeOnReplace(image?.previewUrl);
  useRevokeOnReplace(thumbnail?.previewUrl);

  const choose = async (kind: Kind, file: File) => {
    const picker = texts[kind];
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
      if (kind === 'thumbnail') {
        dispatch({ type: 'thumbnail', thumbnail: { file, previewUrl: URL.createObjectURL(file) } });
        return;
      }
      const [autoThumbnail, facts] = await Promise.all([
        mode === 'edit' ? makeThumbnail(file) : undefined,
        factsOf(file),
      ]);
      const type = file.type || 'image/jpeg';
      dispatch({
        type: 'image',
        image: { file, previewUrl: URL.createObjectURL(file), type, autoThumbnail },
      });
      dispatch({ type: 'imageFacts', facts });
    } catch {
      toast({ title: 'Error', description: picker.unreadable, variant: 'destructive' });
    }
  };

  const pickerProps = (kind: Kind, chosen: boolean, mode: FormMode) => ({
    label: texts[kind].label,
    buttonLabel: texts[kind].buttonLabel[chosen ? 1 : 0],
    hint: texts[kind].hint[mode],
    clearLabel: texts[kind].clearLabel[mode],
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
              <PreviewImage
                src={photo.thumbnailUrl}
                files={photo.files}
                alt={`Current image of ${photo.title}`}
              />
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
          error={state.fieldErrors.thumbnail}
        />
        <CropPositionField
          vertical={state.fields.verticalPosition}
          horizontal={state.fields.horizontalPosition}
          onChange={(name, value) => dispatch({ type: 'field', name, value })}
          previewSrc={image?.previewUrl}
          photo={photo}
          disabled={busy}
        />
      </Stack>
    </FormSection>
  );
}
