import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useSite } from '../../../lib/site-context';
import { LoadError } from '../shared/load-error';
import {
  NUMBERS_CSV_URL,
  numbersParams,
  useGetNumbersQuery,
  type NumbersAnswer,
  type NumbersGrain,
} from './api';
import { FunnelChart, RevenueChart } from './numbers-charts';
import { presetRange, RANGE_PRESETS, rangeErrors, shopToday, type RangePreset } from './numbers-range';
import { NumbersSummary } from './numbers-summary';
import { TopLists, VisitLists } from './numbers-lists';

const GRAINS: { value: NumbersGrain; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** The Numbers tab: what sold, where visitors came from and how far they went, for a range she picks. */
export default function NumbersTab() {
  const { timeZone } = useSite();
  const today = shopToday(timeZone);
  const [preset, setPreset] = useState<RangePreset>('month');
  const [grain, setGrain] = useState<NumbersGrain>('day');
  // The custom range as typed (a field may be empty or the days reversed) and the last one the
  // server's own rule accepts, which the figures keep showing while she corrects the other.
  const [draft, setDraft] = useState(() => presetRange('month', today));
  const [custom, setCustom] = useState(draft);
  const draftErrors = rangeErrors(draft);
  const changeDraft = (next: { from: string; to: string }) => {
    setDraft(next);
    if (!rangeErrors(next)) setCustom(next);
  };
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const query = { ...range, grain };
  const { data, error, isLoading, isFetching, refetch } = useGetNumbersQuery(query, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2">
          Numbers
        </Typography>
        <Typography color="text.secondary">
          What sold and where your visitors came from. Days follow your shop's time zone.
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, minmax(160px, 200px)) 1fr' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label="Range"
          value={preset}
          onChange={(e) => {
            const next = e.target.value as RangePreset;
            if (next === 'custom' && preset !== 'custom') {
              setDraft(range);
              setCustom(range);
            }
            setPreset(next);
          }}
        >
          {RANGE_PRESETS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Group by"
          value={grain}
          onChange={(e) => setGrain(e.target.value as NumbersGrain)}
        >
          {GRAINS.map((g) => (
            <MenuItem key={g.value} value={g.value}>
              {g.label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          component="a"
          href={`${NUMBERS_CSV_URL}?${numbersParams(query)}`}
          download
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, justifySelf: { sm: 'end' }, whiteSpace: 'nowrap' }}
        >
          Download CSV
        </Button>
        {preset === 'custom' && (
          <>
            <TextField
              type="date"
              size="small"
              label="From"
              value={draft.from}
              onChange={(e) => changeDraft({ ...draft, from: e.target.value })}
              error={Boolean(draftErrors?.from)}
              helperText={draftErrors?.from}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label="To"
              value={draft.to}
              onChange={(e) => changeDraft({ ...draft, to: e.target.value })}
              error={Boolean(draftErrors?.to)}
              helperText={draftErrors?.to}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
      </Box>
      {isLoading ? (
        <Skeleton variant="rounded" height={360} aria-label="Loading numbers" />
      ) : error || !data ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="numbers" error={error} />
      ) : (
        <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }} aria-busy={isFetching}>
          <NumbersFigures numbers={data} />
        </Box>
      )}
    </Stack>
  );
}

function NumbersFigures({ numbers }: { numbers: NumbersAnswer }) {
  const nothingSold = numbers.sales.orders === 0 && numbers.sales.refunds === 0;
  return (
    <Stack spacing={3}>
      {nothingSold ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            Nothing sold in this range
          </Typography>
          <Typography color="text.secondary">Orders appear here once they are paid.</Typography>
        </Paper>
      ) : (
        <>
          <NumbersSummary sales={numbers.sales} />
          {numbers.sales.labCost === null && (
            <Typography variant="body2" color="text.secondary">
              Lab cost and margin appear for orders sent to a print lab.
            </Typography>
          )}
          <RevenueChart numbers={numbers} />
          <TopLists numbers={numbers} />
        </>
      )}
      <FunnelChart funnel={numbers.funnel} />
      <VisitLists visits={numbers.visits} />
    </Stack>
  );
}
