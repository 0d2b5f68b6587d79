import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

/** A switch with its title and a sentence under it. */
export function SwitchRow(props: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  title: string;
  text: string;
}) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', ml: 0, gap: 1.5 }}
      control={
        <Switch
          id={props.id}
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          disabled={props.disabled}
          slotProps={{ input: { 'aria-describedby': `${props.id}-text` } }}
          sx={{ ml: -1.5, flexShrink: 0 }}
        />
      }
      label={
        <Box sx={{ pt: 0.75 }}>
          <Typography>{props.title}</Typography>
          <Typography id={`${props.id}-text`} variant="body2" color="text.secondary">
            {props.text}
          </Typography>
        </Box>
      }
    />
  );
}
