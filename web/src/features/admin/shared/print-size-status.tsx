import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useGetLabProductsQuery } from './lab/api';
import type { PrintSize, PrintSizes } from './print-sizes-api';

// The resolution guard as the owner reads it, beside each of a photo's sizes: who makes it, the
// pixels per inch the original reaches at it, and why a lab-made size is hidden from buyers (or a
// warning for a size she ships herself). The sentences are the server's.

/**
 * 'Made by Lumaprints · 200 ppi', 'Made by you · 60 ppi' ('Made by you' for a size not in inches);
 * 'Made by the lab' until the lab that makes it is known.
 */
export function madeByText(size: Pick<PrintSize, 'madeBy' | 'ppi'>, lab?: string): string {
  const who = size.madeBy === 'lab' ? `Made by ${lab ?? 'the lab'}` : 'Made by you';
  return size.ppi === null ? who : `${who} · ${size.ppi} ppi`;
}

/** 'Original: 2400 × 1600 px' */
export function originalText(sizes: Pick<PrintSizes, 'width' | 'height'>): string {
  return `Original: ${sizes.width} × ${sizes.height} px`;
}

/** The size's maker and ppi, one short line. */
export function MadeByLine({ size, sx }: { size: PrintSize; sx?: SxProps<Theme> }) {
  // which lab: the print option's lab product says
  const { data: products } = useGetLabProductsQuery(undefined, { skip: size.madeBy !== 'lab' });
  const product = products?.find((p) => p.printOptionId === size.printOptionId);
  return (
    <Typography variant="body2" color="text.secondary" sx={sx}>
      {madeByText(size, product?.labName)}
    </Typography>
  );
}

/**
 * The server's note on a size, when it has one: 'Hidden from buyers: …' for a lab-made size the
 * original is too small for, 'Low resolution: …' for one the owner ships. A note, not an alert:
 * it is part of the page, not news (a list of them must not all be announced at once).
 */
export function SizeNote({ size, sx }: { size: PrintSize; sx?: SxProps<Theme> }) {
  if (!size.note) return null;
  return (
    <Alert
      severity="warning"
      role="note"
      sx={[
        { py: 0, px: 1.5, overflowWrap: 'anywhere', '& .MuiAlert-icon': { mr: 1 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {size.note}
    </Alert>
  );
}
