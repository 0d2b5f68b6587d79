import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../shared/form-field';
import { GridBox } from '../shared/grid-box';
import { SwitchRow } from './switch-row';
import { labFieldId, type LabField, type LabForm } from './lab-settings-model';
import type { LabSettingsView } from './api';

type Choice = LabSettingsView['shippingMethods'][number];
/** The lab's own choices (its words), with the saved one kept should the lab no longer list it. */
const choices = (offered: Choice[], current: string): Choice[] =>
  offered.some((c) => c.id === current) ? offered : [...offered, { id: current, name: current }];

/** Its shipping method or production time: one of the lab's choices. */
function ChoiceSelect({
  form: { lab, values, set, errors, busy },
  field,
  label,
  offered,
}: {
  form: LabForm;
  field: 'shippingMethod' | 'productionTime';
  label: string;
  offered: Choice[];
}) {
  return (
    <TextField
      select
      id={labFieldId(lab.provider, field)}
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      disabled={busy}
      error={Boolean(errors[field])}
      helperText={errors[field]}
    >
      {choices(offered, values[field]).map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** How orders go to the lab: reviewed or after the hold, its shipping and production, the margin warning. */
export function LabOrderFields({ form }: { form: LabForm }) {
  const { lab, values, set, errors, busy } = form;
  const id = (field: LabField) => labFieldId(lab.provider, field);
  const titleId = `${id('holdMinutes')}-section`;
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2} sx={{ pt: 1 }}>
      <Typography id={titleId} variant="h6" component="h3">
        Orders sent to {lab.name}
      </Typography>
      <SwitchRow
        form={form}
        field="reviewBeforeSending"
        title="Review orders before sending"
        text="Paid orders wait in To review, with each print’s file, size and paper, until you approve them. When off, they go after the hold."
      />
      <GridBox columns={{ xs: '1fr', sm: '1fr 1fr' }} alignStart>
        <ChoiceSelect
          form={form}
          field="shippingMethod"
          label="Shipping method"
          offered={lab.shippingMethods}
        />
        <ChoiceSelect
          form={form}
          field="productionTime"
          label="Production time"
          offered={lab.productionTimes}
        />
        <FormTextField
          id={id('holdMinutes')}
          label="Hold"
          value={values.holdMinutes}
          onValueChange={(v) => set('holdMinutes', v)}
          error={errors.holdMinutes}
          helperText={
            values.reviewBeforeSending
              ? 'Used when review is off: paid orders wait this long before they go to the lab'
              : 'Paid orders wait this long before they go to the lab, so you can cancel or correct the address'
          }
          disabled={busy}
          required
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">minutes</InputAdornment> },
            htmlInput: { inputMode: 'numeric' },
          }}
        />
        <FormTextField
          id={id('minMarginPercent')}
          label="Margin warning"
          value={values.minMarginPercent}
          onValueChange={(v) => set('minMarginPercent', v)}
          error={errors.minMarginPercent}
          helperText="Prints whose margin is under this are marked Low margin."
          disabled={busy}
          required
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { inputMode: 'numeric' },
          }}
        />
      </GridBox>
    </Stack>
  );
}
