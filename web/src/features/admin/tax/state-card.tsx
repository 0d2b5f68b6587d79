import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { US_STATES } from '../../checkout';
import { GridBox } from '../shared/grid-box';
import { FormTextField } from '../shared/form-field';
import { formatDate } from '../shared/relative-time';
import { visuallyHidden } from '../shared/visually-hidden';
import type { TaxStateView } from './api';

const stateName = (code: string) => (US_STATES as Record<string, string>)[code] ?? code;

/** One state on screen: what the owner edits, and what the server last said about it (none when new). */
export type StateRow = { state: string; rate: string; shippingTaxed: boolean; saved?: TaxStateView };

// the warning Alert's own colours: MUI's orange on white is under 4.5:1 for small text
const presetChip = { bgcolor: '#fff4e5', color: '#663c00', fontWeight: 600 } as const;

type StateCardProps = {
  row: StateRow;
  errors: Partial<Record<string, string>>;
  disabled: boolean;
  onChange: (patch: Partial<StateRow>) => void;
  onRemove: () => void;
};

/** One state the shop collects tax in: its rate, whether shipping is taxed, where the rate comes from. */
export function StateCard({ row, errors, disabled, onChange, onRemove }: StateCardProps) {
  const name = stateName(row.state);
  const headingId = `tax-state-${row.state}`;
  const { saved } = row;
  const stateError = errors[`${row.state}.state`];
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}>
      <Box role="group" aria-labelledby={headingId}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Typography id={headingId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Button
            color="error"
            size="small"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        </Box>
        {stateError && (
          <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
            {stateError}
          </Alert>
        )}
        <GridBox columns={{ xs: '1fr', sm: 'minmax(0, 220px) 1fr' }} sx={{ alignItems: 'center' }}>
          <FormTextField
            id={`tax-rate-${row.state}`}
            label="Tax rate"
            value={row.rate}
            onValueChange={(rate) => onChange({ rate })}
            error={errors[`${row.state}.rate`]}
            disabled={disabled}
            required
            size="small"
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={row.shippingTaxed}
                onChange={(event) => onChange({ shippingTaxed: event.target.checked })}
                disabled={disabled}
              />
            }
            label="Tax shipping"
          />
        </GridBox>
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          {saved ? (
            <>
              <Typography variant="body2">
                <Link href={saved.sourceUrl} target="_blank" rel="noopener noreferrer">
                  Official rates: {saved.sourceName}
                  <OpenInNewIcon sx={{ fontSize: '1em', ml: 0.5, verticalAlign: '-0.125em' }} aria-hidden />
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (opens in a new tab)
                  </Box>
                </Link>
              </Typography>
              {/* the official rate's date: left out when not known (issue 51) */}
              {saved.rateChangedAt && (
                <Typography variant="body2" color="text.secondary">
                  Rate last changed {formatDate(saved.rateChangedAt)}
                </Typography>
              )}
              {saved.preset && (
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                >
                  <Chip size="small" label="Preset: check this rate" sx={presetChip} />
                  <Typography variant="body2" color="text.secondary">
                    A suggestion: not collected until you save.
                  </Typography>
                </Stack>
              )}
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              New: save to see where the official rate is published.
            </Typography>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
