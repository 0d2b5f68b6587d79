import Box from '@mui/material/Box';
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
