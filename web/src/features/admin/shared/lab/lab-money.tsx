import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPrice } from '../../../../lib/format';
import type { LabProductView } from './api';
import { inchesText, percentText } from './lab-model';

type FiguresProps = {
  product: LabProductView;
  /** Just saved: the lab's cost was quoted now. */
  saved: boolean;
  minMarginPercent: number | undefined;
  ref: Ref<HTMLDivElement>;
};

/** Our price against the lab's cost and shipping: the margin, and a warning when it is low. */
export function LabProductFigures({ product: p, saved, minMarginPercent, ref }: FiguresProps) {
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby="lab-product-figures-title"
      sx={{ mt: 3, p: 2, borderRadius: 1, bgcolor: 'action.hover', outlineOffset: 2 }}
    >
      <Typography id="lab-product-figures-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {saved ? 'Saved: the lab’s cost and your margin' : 'The lab’s cost and your margin'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {p.productName}, {inchesText(p.widthIn)}×{inchesText(p.heightIn)} in
      </Typography>
      <LabMoneyLines product={p} />
      {p.lowMargin && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          Low margin: under your {minMarginPercent ?? ''}% warning. Raise the price or choose another product.
        </Alert>
      )}
    </Box>
  );
}

/** Price, lab cost and margin as three lines of a description list. */
export function LabMoneyLines({ product: p }: { product: LabProductView }) {
  const rows: Array<[string, string]> = [
    ['Your price', `${formatPrice(p.price)} + ${formatPrice(p.shipping)} shipping`],
    [
      'Lab cost',
      p.labCost === null
        ? 'Not quoted yet'
        : `${formatPrice(p.labCost)} + ${p.labShipping === null ? '?' : formatPrice(p.labShipping)} shipping`,
    ],
    [
      'Margin',
      p.margin === null
        ? '—'
        : `${formatPrice(p.margin)}${p.marginPercent === null ? '' : ` (${percentText(p.marginPercent)})`}`,
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.25,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, fontVariantNumeric: 'tabular-nums' },
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ fontWeight: term === 'Margin' ? 700 : 400 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
