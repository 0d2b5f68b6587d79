// The charts of the Numbers screen: MUI X Charts (@mui/x-charts 9, peer @mui/material ^7.3 || ^9),
// chosen over Recharts 3.11 by size and fit: a bar chart adds about 101 kB gzipped to this screen's
// chunk beside the MUI the admin already loads, Recharts about 114 kB (with the Redux the admin
// already has); both offer keyboard focus, and these draw in the admin's theme. Loaded only with
// this tab (a lazy route). Each chart has its exact figures in a table below it.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import type { NumbersAnswer } from './api';
import { FiguresTable } from './figures-table';
import { count, money, periodLabel } from './numbers-range';

/** A chart and its table under one heading. */
export function ChartSection(props: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>{props.children}</Box>
    </Paper>
  );
}

const compactMoney = (v: number | null) =>
  v === null
    ? ''
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' }).format(v);

export function RevenueChart({ numbers }: { numbers: NumbersAnswer }) {
  const { grain } = numbers.range;
  const data = numbers.series.map((p) => ({ label: periodLabel(p.period, grain), revenue: p.revenue }));
  return (
    <ChartSection title="Revenue">
      {/* the chart can be explored by keyboard; the table below has the exact figures */}
      <Box role="figure" aria-label={`Revenue by ${grain}, chart (the table below has the figures)`}>
        <BarChart
          dataset={data}
          height={260}
          xAxis={[{ scaleType: 'band', dataKey: 'label', tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ valueFormatter: compactMoney, width: 56 }]}
          series={[
            { dataKey: 'revenue', label: 'Revenue', valueFormatter: (v) => (v === null ? '' : money(v)) },
          ]}
          hideLegend
          margin={{ left: 0, right: 8 }}
        />
      </Box>
      <FiguresTable
        caption={`Revenue and orders by ${grain}`}
        columns={[
          { label: grain === 'day' ? 'Day' : grain === 'week' ? 'Week of' : 'Month' },
          { label: 'Orders', numeric: true },
          { label: 'Revenue', numeric: true },
        ]}
        rows={numbers.series.map((p) => ({
          key: p.period,
          cells: [periodLabel(p.period, grain), count(p.orders), money(p.revenue)],
        }))}
      />
    </ChartSection>
  );
}

export function FunnelChart({ funnel }: { funnel: NumbersAnswer['funnel'] }) {
  const steps = [
    { label: 'Visitors', value: funnel.visitors },
    { label: 'Viewed a photo', value: funnel.photoViews },
    { label: 'Added to cart', value: funnel.addedToCart },
    { label: 'Started checkout', value: funnel.checkoutStarted },
    { label: 'Paid orders', value: funnel.paid },
  ];
  return (
    <ChartSection title="From visit to order">
      <Box role="figure" aria-label="From visit to order, chart (the table below has the figures)">
        <BarChart
          dataset={steps}
          layout="horizontal"
          height={220}
          yAxis={[{ scaleType: 'band', dataKey: 'label', width: 116 }]}
          // counts: whole numbers on the axis, however few
          xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => count(v) }]}
          series={[
            { dataKey: 'value', label: 'People', valueFormatter: (v) => (v === null ? '' : count(v)) },
          ]}
          hideLegend
          margin={{ right: 16 }}
        />
      </Box>
      <FiguresTable
        caption="From visit to order"
        columns={[{ label: 'Step' }, { label: 'Count', numeric: true }]}
        rows={[
          ...steps.map((s) => ({ key: s.label, cells: [s.label, count(s.value)] })),
          { key: 'recovered', cells: ['Carts recovered by a reminder', count(funnel.recoveredCarts)] },
        ]}
      />
    </ChartSection>
  );
}
