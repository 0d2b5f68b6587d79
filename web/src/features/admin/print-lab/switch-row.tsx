import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { labFieldId, type LabForm } from './lab-settings-model';

/** One of a lab's on/off settings: a switch with its title and a sentence under it. */
export function SwitchRow({
  form,
  field,
  onChange = (checked) => form.set(field, checked),
  title,
  text,
}: {
  form: LabForm;
  field: 'enabled' | 'sandbox' | 'reviewBeforeSending';
  /** What else a change does (the default only sets the field). */
  onChange?: (checked: boolean) => void;
  title: string;
  text: string;
}) {
  const id = labFieldId(form.lab.provider, field);
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', ml: 0, gap: 1.5 }}
      control={
        <Switch
          id={id}
          checked={form.values[field]}
          onChange={(event) => onChange(event.target.checked)}
          disabled={form.busy}
          slotProps={{ input: { 'aria-describedby': `${id}-text` } }}
          sx={{ ml: -1.5, flexShrink: 0 }}
        />
      }
      label={
        <Box sx={{ pt: 0.75 }}>
          <Typography>{title}</Typography>
          <Typography id={`${id}-text`} variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Box>
      }
    />
  );
}
