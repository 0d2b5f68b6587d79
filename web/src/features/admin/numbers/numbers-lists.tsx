import Box from '@mui/material/Box';
import type { NumbersAnswer } from './api';
import { ChartSection } from './numbers-charts';
import { FiguresTable } from './figures-table';
import { count, money } from './numbers-range';

type Ranked = NumbersAnswer['topPhotos'];

const twoUp = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

function RankedTable({ caption, first, rows }: { caption: string; first: string; rows: Ranked }) {
  return (
    <FiguresTable
      caption={caption}
      columns={[{ label: first }, { label: 'Sold', numeric: true }, { label: 'Revenue', numeric: true }]}
      rows={rows.map((r) => ({
        key: `${r.photoId ?? ''}${r.label}`,
        cells: [r.label, count(r.quantity), money(r.revenue)],
      }))}
    />
  );
}

/** The best sellers: photos (prints and licences), print sizes and formats, by revenue before discounts. */
export function TopLists({ numbers }: { numbers: NumbersAnswer }) {
  return (
    <ChartSection title="Best sellers">
      <RankedTable caption="Top photos" first="Photo" rows={numbers.topPhotos} />
      <Box sx={twoUp}>
        <RankedTable caption="Top sizes" first="Size" rows={numbers.topSizes} />
        <RankedTable caption="Top formats" first="Format" rows={numbers.topFormats} />
      </Box>
    </ChartSection>
  );
}

/** Where visitors came from and what they looked at (counted without cookies). */
export function VisitLists({ visits }: { visits: NumbersAnswer['visits'] }) {
  return (
    <ChartSection title="Visits">
      <FiguresTable
        caption="Visitors and page views"
        columns={[{ label: 'Total' }, { label: 'Count', numeric: true }]}
        rows={[
          { key: 'visitors', cells: ['Visitors', count(visits.totals.visitors)] },
          { key: 'views', cells: ['Page views', count(visits.totals.views)] },
        ]}
      />
      <Box sx={twoUp}>
        <FiguresTable
          caption="Referrers"
          empty="No visits from other sites in this range."
          columns={[{ label: 'Site' }, { label: 'Visitors', numeric: true }]}
          rows={visits.referrers.map((r) => ({ key: r.domain, cells: [r.domain, count(r.visitors)] }))}
        />
        <FiguresTable
          caption="Pages"
          empty="No page views in this range."
          columns={[{ label: 'Page' }, { label: 'Views', numeric: true }]}
          rows={visits.pages.map((p) => ({ key: p.path, cells: [p.path, count(p.views)] }))}
        />
      </Box>
    </ChartSection>
  );
}
