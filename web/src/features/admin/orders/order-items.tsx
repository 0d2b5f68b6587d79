import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { formatPrice } from '../../../lib/format';
import type { AdminOrderLineItem } from './api';

/**
 * The file a line is printed from (the photo cut to the print's ratio at full resolution: the
 * same file a lab gets), for the owner to print herself or check; a download.
 */
function PrintFileLink({ orderId, item }: { orderId: number; item: AdminOrderLineItem }) {
  if (!item.photo) return null;
  return (
    <Link
      href={`/api/admin/orders/${orderId}/lines/${item.id}/print-file`}
      download
      aria-label={`Print file: ${itemTitle(item)}, ${optionText(item)}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, typography: 'body2' }}
    >
      <DownloadIcon fontSize="inherit" aria-hidden />
      Print file
    </Link>
  );
}

/**
 * An order's line items: cards when compact (a phone), else a table; with `orderId`, each line's
 * print file to download.
 */
export function OrderItems({
  lineItems,
  compact,
  orderId,
}: {
  lineItems: AdminOrderLineItem[];
  compact: boolean;
  orderId?: number;
}) {
  if (lineItems.length === 0) {
    return <Typography color="text.secondary">No items recorded for this order.</Typography>;
  }
  if (compact) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lineItems.map((item) => (
          <Paper component="li" key={item.id} variant="outlined" sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <ItemThumbnail item={item} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{itemTitle(item)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {optionText(item)}
                </Typography>
                {orderId !== undefined && <PrintFileLink orderId={orderId} item={item} />}
              </Box>
            </Box>
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                mt: 1,
                typography: 'body2',
                color: 'text.secondary',
              }}
            >
              <span>
                {formatPrice(item.priceAtPurchase)} x {item.quantity}
              </span>
              <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {formatPrice(item.priceAtPurchase * item.quantity)}
              </Box>
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label="Order items">
      <TableHead>
        <TableRow>
          <TableCell>Item</TableCell>
          <TableCell>Print Option</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell align="right">Subtotal</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lineItems.map((item) => (
          <TableRow key={item.id}>
            <TableCell>
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                <ItemThumbnail item={item} />
                <span>{itemTitle(item)}</span>
              </Box>
            </TableCell>
            <TableCell>
              {optionText(item)}
              {orderId !== undefined && (
                <Box>
                  <PrintFileLink orderId={orderId} item={item} />
                </Box>
              )}
            </TableCell>
            <TableCell align="right">{formatPrice(item.priceAtPurchase)}</TableCell>
            <TableCell align="right">{item.quantity}</TableCell>
            <TableCell align="right">{formatPrice(item.priceAtPurchase * item.quantity)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function itemTitle(item: AdminOrderLineItem): string {
  return item.photo?.title ?? 'Unknown Item';
}

function optionText(item: AdminOrderLineItem): string {
  // a licence line's option is its size's label and its licence's name (issue 46)
  if (item.kind === 'licence' && item.itemOption)
    return `${item.itemOption.format} licence · ${item.itemOption.size}`;
  const option = item.itemOption ? `${item.itemOption.size} · ${item.itemOption.format}` : 'Unknown Option';
  // the edition prints' numbers, "7/25, 8/25", to write on the prints
  const edition = item.edition;
  if (!edition) return option;
  const labels = (edition.prints.length ? edition.prints : [edition]).map((p) => p.label).join(', ');
  return `${option} · Edition ${labels}${edition.revoked ? ' (revoked)' : ''}`;
}

function ItemThumbnail({ item }: { item: AdminOrderLineItem }) {
  const size = 48;
  if (!item.photo) {
    return (
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
      >
        <ImageOutlinedIcon fontSize="small" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={item.photo.thumbnailUrl}
      alt={item.photo.title}
      loading="lazy"
      width={size}
      height={size}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
    />
  );
}
