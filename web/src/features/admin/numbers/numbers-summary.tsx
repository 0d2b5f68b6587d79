import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { NumbersAnswer } from './api';
import { count, money } from './numbers-range';

type Card = { label: string; value: string; note?: string };

/** The range's totals, two cards a row on a phone, four on a desktop. */
export function NumbersSummary({ sales }: { sales: NumbersAnswer['sales'] }) {
  const cards: Card[] = [
    { label: 'Revenue', value: money(sales.revenue), note: 'Paid in money, less refunds' },
    { label: 'Orders', value: count(sales.orders) },
    { label: 'Average order', value: money(sales.averageOrder) },
    { label: 'Refunds', value: money(sales.refunds) },
    { label: 'Tax collected', value: money(sales.tax) },
    { label: 'Code discounts', value: money(sales.discounts) },
    ...(sales.giftCardsOutstanding === null
      ? []
      : [{ label: 'Gift cards outstanding', value: money(sales.giftCardsOutstanding), note: 'Owed now' }]),
    ...(sales.labCost === null || sales.margin === null
      ? []
      : [
          {
            label: 'Lab cost',
            value: money(sales.labCost),
            note: `For ${count(sales.ordersWithLabCost)} ${sales.ordersWithLabCost === 1 ? 'order' : 'orders'} sent to a lab`,
          },
          {
            label: 'Margin',
            value: money(sales.margin),
            note: 'Their sales without tax, less refunds and lab cost',
          },
        ]),
  ];
  return (
    <Box
      component="ul"
      aria-label="Totals"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
      }}
    >
      {cards.map((c) => (
        <Paper component="li" key={c.label} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {c.label}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{
              fontVariantNumeric: 'tabular-nums',
              overflowWrap: 'anywhere',
              fontSize: { xs: '1.25rem', sm: '1.5rem' },
            }}
          >
            {c.value}
          </Typography>
          {c.note && (
            <Typography variant="caption" color="text.secondary">
              {c.note}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
