import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useGetCategoriesQuery, useGetPrintOptionsQuery } from '../../../lib/catalog-api';
import { useGetAdminPhotosQuery } from '../shared/api';
import { menuItems } from '../shared/menu-items';
import { FormSection } from '../shared/form-section';
import { FormTextField } from '../shared/form-field';
import { AspectRatioField, useAspectRatioChoices } from '../shared/aspect-ratio-field';
import type { PhotoFields } from './photo-form-model';
import type { FieldErrors } from './photo-form-state';
import { cameraSummary, type CameraDetails } from '@shared/photo-metadata';

type PhotoDetailsSectionProps = {
  fields: PhotoFields;
  errors: FieldErrors;
  setField: <K extends keyof PhotoFields>(name: K, value: PhotoFields[K]) => void;
  busy: boolean;
  /** The camera details of the chosen file, else of the saved photo. */
  camera?: CameraDetails | null;
  /** Adding asks a description (the spec's "Photo add"); editing does not. */
  descriptionRequired: boolean;
};

/** Title, description, location, date, aspect ratio, category, display order and featured. */
export function PhotoDetailsSection({
  fields,
  errors,
  setField,
  busy,
  camera,
  descriptionRequired,
}: PhotoDetailsSectionProps) {
  const { data: categories } = useGetCategoriesQuery();
  const { data: photos } = useGetAdminPhotosQuery();
  const { data: catalogue } = useGetPrintOptionsQuery();

  const ratioChoices = useAspectRatioChoices(photos, catalogue);
  const categoryChoices = useMemo(() => {
    const list = (categories ?? []).map((c) => ({ value: c.name, label: c.displayName }));
    if (fields.category && !list.some((c) => c.value === fields.category))
      list.push({ value: fields.category, label: fields.category });
    return list;
  }, [categories, fields.category]);

  /** The props every text field of the section shares. */
  const text = (
    name: Exclude<
      keyof PhotoFields,
      'featured' | 'verticalPosition' | 'horizontalPosition' | 'showCameraDetails' | 'watermarkOff'
    >,
  ) => ({
    value: fields[name],
    onValueChange: (value: string) => setField(name, value),
    error: errors[name],
    disabled: busy,
  });

  return (
    <FormSection title="Details">
      <Stack spacing={2.5}>
        <FormTextField
          label="Title"
          {...text('title')}
          required
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <RichTextEditor
          id="photo-description"
          label={descriptionRequired ? 'Description *' : 'Description'}
          value={fields.description}
          onChange={(html) => setField('description', html)}
          disabled={busy}
          error={Boolean(errors.description)}
          helperText={errors.description}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField label="Location" {...text('location')} />
          <FormTextField
            label="Date Taken"
            placeholder="e.g. 2024 or May 2024"
            {...text('dateTaken')}
            helperText="Filled in from the photo file when it has a date."
          />
          <AspectRatioField
            id="photo-aspect-ratio"
            value={fields.aspectRatio}
            onChange={(value) => setField('aspectRatio', value)}
            choices={ratioChoices}
            disabled={busy}
            error={errors.aspectRatio}
          />
          <FormTextField select label="Category" {...text('category')} required>
            {categoryChoices.length === 0 && (
              <MenuItem value="" disabled>
                No categories yet
              </MenuItem>
            )}
            {menuItems(categoryChoices)}
          </FormTextField>
          <FormTextField
            label="Display Order"
            type="number"
            {...text('displayOrder')}
            helperText="Lower numbers show first."
            slotProps={{ htmlInput: { step: 1, inputMode: 'numeric' } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={fields.featured}
                onChange={(e) => setField('featured', e.target.checked)}
                disabled={busy}
              />
            }
            label="Featured"
            sx={{ alignSelf: 'start', mt: { sm: 1 } }}
          />
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={fields.showCameraDetails}
                onChange={(e) => setField('showCameraDetails', e.target.checked)}
                disabled={busy}
                slotProps={{ input: { 'aria-describedby': 'photo-camera-details' } }}
              />
            }
            label="Show camera details on the photo page"
          />
          <FormHelperText id="photo-camera-details" sx={{ mx: 0.5, mt: 0 }}>
            {camera
              ? `From the file: ${cameraSummary(camera)}. The location is never read from the file.`
              : 'Camera, lens and exposure are read from the photo file when it has them. The location is never read from the file.'}
          </FormHelperText>
        </Box>
      </Stack>
    </FormSection>
  );
}
