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
        <TextField
          select
          id={id('shippingMethod')}
          label="Shipping method"
          value={values.shippingMethod}
          onChange={(event) => set('shippingMethod', event.target.value)}
          disabled={busy}
          error={Boolean(errors.shippingMethod)}
          helperText={errors.shippingMethod}
        >
          {choices(lab.shippingMethods, values.shippingMethod).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id={id('productionTime')}
          label="Production time"
          value={values.productionTime}
          onChange={(event) => set('productionTime', event.target.value)}
          disabled={busy}
          error={Boolean(errors.productionTime)}
          helperText={errors.productionTime}
        >
          {choices(lab.productionTimes, values.productionTime).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
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
