import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { FormSection } from '../shared/form-section';
import { FormTextField } from '../shared/form-field';
import type { PhotoFields } from './photo-form-model';
import type { FieldErrors } from './photo-form-state';

type PhotoRightsSectionProps = {
  fields: PhotoFields;
  errors: FieldErrors;
  setField: <K extends keyof PhotoFields>(name: K, value: PhotoFields[K]) => void;
  busy: boolean;
};

/** What this photo's files carry of her rights beyond the site's (Website Data > Rights). */
export function PhotoRightsSection({ fields, errors, setField, busy }: PhotoRightsSectionProps) {
  return (
    <FormSection
      title="Rights in the files"
      description="Written into every file of this photo with its title; see Website Data > Rights."
    >
      <Stack spacing={2}>
        <FormTextField
          label="Copyright notice (this photo)"
          name="copyrightNotice"
          value={fields.copyrightNotice}
          onValueChange={(v) => setField('copyrightNotice', v)}
          error={errors.copyrightNotice}
          helperText="Empty uses the site's notice."
          disabled={busy}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={fields.watermarkOff}
                onChange={(e) => setField('watermarkOff', e.target.checked)}
                disabled={busy}
                slotProps={{ input: { 'aria-describedby': 'photo-watermark-off' } }}
              />
            }
            label="No watermark on this photo"
          />
          <FormHelperText id="photo-watermark-off" sx={{ mx: 0.5, mt: 0 }}>
            Its files are made again without the mark, in the background.
          </FormHelperText>
        </Box>
      </Stack>
    </FormSection>
  );
}
