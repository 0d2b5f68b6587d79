import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { TextField } from '../../components/ui';
import type { CheckoutDetails } from './checkout-validation';

/**
 * "A person": the licensee's name follows the buyer's while she has not written another (issue
 * 46); an organisation's name is hers to write.
 */
export function followBuyerName(before: CheckoutDetails, next: CheckoutDetails): CheckoutDetails {
  const following =
    before.licenseeKind === 'person' &&
    (!before.licenseeName.trim() || before.licenseeName.trim() === before.customerName.trim());
  return next.licenseeKind === 'person' && following && next.customerName !== before.customerName
    ? { ...next, licenseeName: next.customerName }
    : next;
}

type Props = {
  values: CheckoutDetails;
  onValuesChange: (values: CheckoutDetails) => void;
  onNameChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  error: string | undefined;
  disabled: boolean;
};

/** "Licence for": a person or an organisation, and its name (on the licence, its certificate and in the file). */
export function LicenseeFields({ values, onValuesChange, onNameChange, error, disabled }: Props) {
  const chooseKind = (kind: CheckoutDetails['licenseeKind']) => {
    const name = values.licenseeName.trim();
    const licenseeName =
      kind === 'person' && !name
        ? values.customerName
        : kind === 'organisation' && name === values.customerName.trim()
          ? ''
          : values.licenseeName;
    onValuesChange({ ...values, licenseeKind: kind, licenseeName });
  };
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ p: 0, mb: 1, fontWeight: 600 }}>
        Licence for
      </Box>
      <RadioGroup
        row
        name="licensee-kind"
        value={values.licenseeKind}
        onChange={(event) => chooseKind(event.target.value === 'organisation' ? 'organisation' : 'person')}
      >
        <FormControlLabel value="person" control={<Radio />} label="A person" disabled={disabled} />
        <FormControlLabel
          value="organisation"
          control={<Radio />}
          label="An organisation"
          disabled={disabled}
        />
      </RadioGroup>
      <Box sx={{ mt: 1.5 }}>
        <TextField
          id="checkout-licenseeName"
          name="licensee"
          label={values.licenseeKind === 'organisation' ? 'Name of the organisation' : 'Name of the person'}
          value={values.licenseeName}
          onChange={onNameChange}
          error={Boolean(error)}
          helperText={error ?? 'Named on the licence, its certificate and in the file.'}
          disabled={disabled}
          required
          maxLength={200}
        />
      </Box>
    </Box>
  );
}
