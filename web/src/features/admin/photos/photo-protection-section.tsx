import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProtectionSetting } from '@shared/location-protection';
import { FormSection } from '../shared/form-section';
import { FormTextField } from '../shared/form-field';
import { menuItems } from '../shared/menu-items';
import { PROTECTION_CHOICES, type ProtectionPreview } from '../shared/photo-protection';
import type { PhotoFields } from './photo-form-model';
import type { FieldErrors } from './photo-form-state';

type PhotoProtectionSectionProps = {
  fields: PhotoFields;
  errors: FieldErrors;
  setField: <K extends keyof PhotoFields>(name: K, value: PhotoFields[K]) => void;
  busy: boolean;
  preview: ProtectionPreview;
};

/** Species, how much of the place and date the public sees, and when the photo goes public. */
export function PhotoProtectionSection({
  fields,
  errors,
  setField,
  busy,
  preview,
}: PhotoProtectionSectionProps) {
  const text = (name: 'speciesCommon' | 'speciesScientific' | 'publicRegion' | 'publishAt') => ({
    value: fields[name],
    onValueChange: (value: string) => setField(name, value),
    error: errors[name],
    disabled: busy,
  });

  return (
    <FormSection
      title="Species and location protection"
      description="Where and when a sensitive species was photographed can lead people to it. A protected photo shows the public only its region and season."
    >
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          label="Species (common name)"
          placeholder="e.g. Barred Owl"
          {...text('speciesCommon')}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <FormTextField
          label="Scientific name"
          placeholder="e.g. Strix varia"
          {...text('speciesScientific')}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <FormTextField
          select
          label="Location protection"
          value={fields.protection}
          onValueChange={(value) => setField('protection', value as ProtectionSetting)}
          error={errors.protection}
          helperText={PROTECTION_CHOICES.find((c) => c.value === fields.protection)?.help}
          disabled={busy}
        >
          {menuItems(PROTECTION_CHOICES)}
        </FormTextField>
        <FormTextField
          label="Region shown publicly"
          placeholder={preview.regionFromLocation ?? 'e.g. Maryland'}
          helperText="Empty: the state named in the location."
          {...text('publicRegion')}
          slotProps={{ htmlInput: { maxLength: 100 }, inputLabel: { shrink: true } }}
        />
        <FormTextField
          label="Publish on"
          type="datetime-local"
          helperText="Empty: public as soon as it is saved."
          {...text('publishAt')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Typography
        role="status"
        aria-live="polite"
        sx={{
          mt: 2.5,
          px: 1.5,
          py: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          border: '1px solid',
          borderColor: preview.inForce === 'exact' ? 'divider' : 'success.light',
          overflowWrap: 'anywhere',
        }}
      >
        Shown publicly as: <strong>{preview.shownAs}</strong>
      </Typography>
    </FormSection>
  );
}
