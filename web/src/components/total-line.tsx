import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../lib/format';

/** One line of a totals block (inside a <dl>): label left, amount right. */
export function TotalLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.25, fontWeight: strong ? 700 : 400 }}>
      <Box component="dt">{label}</Box>
      <Box component="dd" sx={{ m: 0 }}>
        {formatPrice(value)}
      </Box>
    </Box>
  );
}

/** One line of a cart's or checkout's totals (not in a list): label left, amount right. */
export function TotalRow({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: number;
  strong?: boolean;
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{formatPrice(amount)}</Typography>
    </Stack>
  );
}
