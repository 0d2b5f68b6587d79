import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useToast } from '../../../components/toast';
import { useGetPrintOptionsQuery } from '../../../lib/catalog-api';
import { useGetAdminPhotosQuery } from '../shared/api';
import { DialogForm, EditDialog } from '../shared/edit-dialog';
import { FormTextField, MoneyField } from '../shared/form-field';
import { GridBox } from '../shared/grid-box';
import { OtherErrors } from '../shared/other-errors';
import { useSettingsForm } from '../shared/use-settings-form';
import { useCreatePromotionMutation, useUpdatePromotionMutation, type PromotionView } from './api';
import {
  KIND_LABELS,
  emptyPromotionForm,
  errorsOfServer,
  formOfPromotion,
  requestOfForm,
  type PromotionField,
  type PromotionFormValues,
} from './promotion-form-model';

const TITLE_ID = 'promotion-dialog-title';
/** The fields top to bottom: the first one the server refused gets the focus. */
const FIELD_ORDER = Object.keys(emptyPromotionForm()) as Array<keyof PromotionFormValues>;
const KINDS = Object.entries(KIND_LABELS) as Array<[PromotionFormValues['kind'], string]>;

type Props = {
  open: boolean;
  /** The code being edited; null opens the dialog to add one. */
  promotion: PromotionView | null;
  onClose: () => void;
  fullScreen: boolean;
};

export function PromotionDialog({ open, promotion, onClose, fullScreen }: Props) {
  return (
    <EditDialog open={open} onClose={onClose} fullScreen={fullScreen} titleId={TITLE_ID}>
      <PromotionForm promotion={promotion} onClose={onClose} />
    </EditDialog>
  );
}

type PhotoChoice = { id: number; title: string };

function PromotionForm({ promotion, onClose }: { promotion: PromotionView | null; onClose: () => void }) {
  const toast = useToast();
  const [createPromotion, createState] = useCreatePromotionMutation();
  const [updatePromotion, updateState] = useUpdatePromotionMutation();
  const { data: photos, isLoading: photosLoading } = useGetAdminPhotosQuery();
  const { data: printOptions } = useGetPrintOptionsQuery();
  const [values, setValues] = useState<PromotionFormValues>(() =>
    promotion ? formOfPromotion(promotion) : emptyPromotionForm(),
  );
  const saving = createState.isLoading || updateState.isLoading;
  const editing = promotion !== null;
  const { errors, setErrors, otherErrors, save } = useSettingsForm<PromotionField>({
    saving,
    failure: editing ? 'update promotion code' : 'add promotion code',
    placeErrors: (answer) => {
      const { fields, other } = errorsOfServer(answer);
      const first = FIELD_ORDER.find((name) => fields[name]);
      return { byField: fields, focusId: first && `promotion-${first}`, other };
    },
  });

  const photoChoices = useMemo<PhotoChoice[]>(
    () => (photos ?? []).map(({ id, title }) => ({ id, title })),
    [photos],
  );
  const chosenPhotos = useMemo(() => {
    const byId = new Map(photoChoices.map((p) => [p.id, p]));
    // a limited photo that is gone from the list still shows, by its number
    return values.photoIds.map((id) => byId.get(id) ?? { id, title: `Photo #${id}` });
  }, [photoChoices, values.photoIds]);
  const formatChoices = useMemo(
    () => [...new Set((printOptions ?? []).map((o) => o.format))].sort((a, b) => a.localeCompare(b)),
    [printOptions],
  );

  const update = (patch: Partial<PromotionFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const name of Object.keys(patch) as Array<keyof PromotionFormValues>) delete next[name];
      if ('kind' in patch) {
        delete next.percentOff;
        delete next.amountOff;
      }
      return next;
    });
  };

  const onSubmit = async () => {
    if (saving) return;
    const body = requestOfForm(values);
    const saved = await save(() =>
      (promotion ? updatePromotion({ id: promotion.id, ...body }) : createPromotion(body)).unwrap(),
    );
    if (!saved) return;
    toast({
      title: editing ? 'Promotion Code Updated' : 'Promotion Code Added',
      description: `${saved.code}: ${saved.summary}`,
    });
    onClose();
  };

  const text = (name: 'code' | 'maxUses' | 'maxUsesPerEmail') => ({
    id: `promotion-${name}`,
    value: values[name],
    onValueChange: (value: string) => update({ [name]: value }),
    error: errors[name],
    disabled: saving,
    fullWidth: true,
  });
  const dateField = (name: 'startsAt' | 'expiresAt', label: string, helper: string) => (
    <FormTextField
      id={`promotion-${name}`}
      label={label}
      type="datetime-local"
      value={values[name]}
      onValueChange={(value) => update({ [name]: value })}
      error={errors[name]}
      helperText={helper}
      disabled={saving}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <DialogForm
      titleId={TITLE_ID}
      noun="Promotion Code"
      editing={editing}
      onSubmit={onSubmit}
      onCancel={onClose}
      saving={saving}
      submitDisabled={values.code.trim() === ''}
    >
      <FormTextField
        {...text('code')}
        label="Code"
        required
        autoFocus={!editing}
        helperText="3 to 40 letters, digits, dashes or underscores. Buyers type it at checkout."
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
      />

      <FormControl error={Boolean(errors.kind)} disabled={saving}>
        <FormLabel id="promotion-kind-label">Discount</FormLabel>
        <RadioGroup
          row
          aria-labelledby="promotion-kind-label"
          name="promotion-kind"
          value={values.kind}
          onChange={(event) => {
            const kind = KINDS.find(([value]) => value === event.target.value)?.[0];
            if (kind) update({ kind });
          }}
        >
          {KINDS.map(([value, label]) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
          ))}
        </RadioGroup>
        {errors.kind && <FormHelperText>{errors.kind}</FormHelperText>}
      </FormControl>

      {values.kind === 'percent' && (
        <FormTextField
          id="promotion-percentOff"
          label="Percent off"
          type="number"
          required
          value={values.percentOff}
          onValueChange={(percentOff) => update({ percentOff })}
          error={errors.percentOff}
          helperText="A whole number from 1 to 100."
          disabled={saving}
          fullWidth
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { min: 1, max: 100, step: 1, inputMode: 'numeric' },
          }}
        />
      )}
      {values.kind === 'amount' && (
        <MoneyField
          id="promotion-amountOff"
          label="Amount off"
          required
          min={0.01}
          value={values.amountOff}
          onValueChange={(amountOff) => update({ amountOff })}
          error={errors.amountOff}
          helperText="Taken off the prints the code applies to."
          disabled={saving}
          fullWidth
        />
      )}
      {values.kind === 'free_shipping' && (
        <Alert severity="info" variant="outlined">
          The buyer pays no shipping on the prints the code applies to.
        </Alert>
      )}

      <GridBox columns={{ xs: '1fr', sm: '1fr 1fr' }} alignStart>
        {dateField('startsAt', 'Starts', 'Optional. Empty: from now.')}
        {dateField('expiresAt', 'Expires', 'Optional. Empty: never expires.')}
        <FormTextField
          {...text('maxUses')}
          label="Total uses"
          type="number"
          helperText="Optional. Empty: no limit."
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <FormTextField
          {...text('maxUsesPerEmail')}
          label="Uses per buyer e-mail"
          type="number"
          helperText="Optional. Empty: no limit."
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <MoneyField
          id="promotion-minSubtotal"
          label="Minimum subtotal"
          min={0}
          value={values.minSubtotal}
          onValueChange={(minSubtotal) => update({ minSubtotal })}
          error={errors.minSubtotal}
          helperText="Optional. Empty: no minimum."
          disabled={saving}
          fullWidth
        />
      </GridBox>

      <Autocomplete
        multiple
        id="promotion-photoIds"
        options={photoChoices}
        value={chosenPhotos}
        loading={photosLoading}
        disabled={saving}
        filterSelectedOptions
        getOptionLabel={(photo) => photo.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, next) => update({ photoIds: next.map((photo) => photo.id) })}
        renderOption={(props, photo) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={`${key}-${photo.id}`} {...rest}>
              {photo.title}
            </Box>
          );
        }}
        renderValue={(chosen, getItemProps) =>
          chosen.map((photo, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={photo.title} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Limit to photos"
            error={Boolean(errors.photoIds)}
            helperText={errors.photoIds ?? 'Optional. Empty: every photo.'}
          />
        )}
      />

      <Autocomplete
        multiple
        freeSolo
        id="promotion-formats"
        options={formatChoices}
        value={values.formats}
        disabled={saving}
        filterSelectedOptions
        onChange={(_event, next) =>
          update({ formats: [...new Set(next.map((f) => f.trim()).filter(Boolean))] })
        }
        renderValue={(chosen, getItemProps) =>
          chosen.map((format, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={format} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Limit to print formats"
            error={Boolean(errors.formats)}
            helperText={
              errors.formats ?? 'Optional. Empty: every format. Pick one in use or type one and press Enter.'
            }
          />
        )}
      />

      <OtherErrors messages={otherErrors} />
    </DialogForm>
  );
}
