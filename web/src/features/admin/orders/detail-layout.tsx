import type { ReactNode } from 'react';
import type { AdminOrderDetail } from './api';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

// The order details' building blocks: a titled section and a labelled value.

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** The totals' discount line: 'Discount (SPRING20)', with the code the buyer applied. */
export const discountLabel = (promotion: AdminOrderDetail['order']['promotion']) =>
  promotion ? `Discount (${promotion.code})` : 'Discount';
