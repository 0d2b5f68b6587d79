import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

type SplitColumnsProps = {
  /** The two columns' shares of the width from md up, e.g. [5, 7] or [7, 5]. */
  fr: [number, number];
  gap: { xs: number; md: number };
  /** The one column below md; 'minmax(0, 1fr)' lets wide content shrink instead of widening the page. */
  phone?: '1fr' | 'minmax(0, 1fr)';
  children: ReactNode;
};

/** A page's two columns side by side from md up (each top-aligned), stacked in one column below. */
export function SplitColumns({ fr, gap, phone = '1fr', children }: SplitColumnsProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap,
        gridTemplateColumns: { xs: phone, md: `minmax(0, ${fr[0]}fr) minmax(0, ${fr[1]}fr)` },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
