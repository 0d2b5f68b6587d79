import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import LocalPrintshopOutlinedIcon from '@mui/icons-material/LocalPrintshopOutlined';
import PercentIcon from '@mui/icons-material/Percent';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { ToReviewNotice } from '../shared/lab/to-review-link';
import { ListHeader } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { ORDERS_CSV_URL, useGetAdminOrdersQuery, type OrderPaymentFilter } from './api';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderCards, OrdersTable } from './order-list';
import {
  FULFILLMENT_STATUSES,
  capitalize,
  isFulfillmentStatus,
  type FulfillmentStatus,
} from './order-status';
import { LIST_TEXTS, useFulfillmentUpdate } from './use-fulfillment-update';
import { SearchField } from '../shared/search-field';

const SEARCH_DEBOUNCE_MS = 300;
// On a phone the sub-page links and the export sit two by two, each on one line: without the links' icons.
const subPageLink = { '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } } as const;
const SUB_PAGES = [
  { to: '/admin/orders/promotions', label: 'Promotion codes', Icon: SellOutlinedIcon },
  { to: '/admin/orders/tax', label: 'Sales tax', Icon: PercentIcon },
  { to: '/admin/orders/gift-cards', label: 'Gift cards', Icon: RedeemOutlinedIcon },
  { to: '/admin/orders/cart-reminders', label: 'Cart reminders', Icon: ScheduleSendOutlinedIcon },
  { to: '/admin/newsletter', label: 'Newsletter', Icon: EmailOutlinedIcon },
  { to: '/admin/orders/print-lab', label: 'Print lab', Icon: LocalPrintshopOutlinedIcon },
] as const;

export default function OrdersTab() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [fulfillment, setFulfillment] = useState<FulfillmentStatus | 'disputed' | ''>('');
  // unpaid attempts (payment pending, failed or canceled) are left out unless asked for
  const [payment, setPayment] = useState<OrderPaymentFilter | ''>('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const filtered = q !== '' || fulfillment !== '' || payment === 'unpaid';
  const disputed = fulfillment === 'disputed';
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminOrdersQuery(
    {
      q: q || undefined,
      fulfillmentStatus: fulfillment && !disputed ? fulfillment : undefined,
      disputed: disputed || undefined,
      payment: payment || undefined,
    },
    { refetchOnMountOrArgChange: true },
  );
  const { setStatus, updating, shippingDialog, cancelDialog, askCancel } = useFulfillmentUpdate(LIST_TEXTS, {
    fullScreen: isPhone,
  });

  const openDetails = (id: number) => {
    setSelectedId(id);
    setDetailsOpen(true);
  };

  const orders = data ?? [];
  const OrderList = isPhone ? OrderCards : OrdersTable;
  const csvParams = new URLSearchParams();
  if (payment) csvParams.set('payment', payment);
  if (disputed) csvParams.set('disputed', 'true');
  else if (fulfillment) csvParams.set('fulfillmentStatus', fulfillment);
  if (q) csvParams.set('q', q);
  // The export follows the filter and search on screen.
  const csvUrl = csvParams.size ? `${ORDERS_CSV_URL}?${csvParams}` : ORDERS_CSV_URL;

  return (
    <Stack spacing={3}>
      <ListHeader
        title="Orders"
        description="Newest first. Tap an order to see its details."
        level="h2"
        action={
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, auto)', md: 'repeat(5, auto)' },
              width: { xs: '100%', sm: 'auto' },
              '& .MuiButton-root': { whiteSpace: 'nowrap' },
            }}
          >
            {SUB_PAGES.map(({ to, label, Icon }) => (
              <Button
                key={to}
                component={RouterLink}
                to={to}
                variant="outlined"
                sx={subPageLink}
                startIcon={<Icon />}
              >
                {label}
              </Button>
            ))}
            <Button
              component="a"
              href={csvUrl}
              download
              variant="outlined"
              startIcon={<FileDownloadOutlinedIcon />}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            >
              Export CSV
            </Button>
          </Box>
        }
      />

      <ToReviewNotice />

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 420px) 200px 200px' },
        }}
      >
        <SearchField
          label="Search orders"
          placeholder="Name, email or order number"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <TextField
          select
          label="Fulfillment"
          size="small"
          value={fulfillment}
          onChange={(event) =>
            setFulfillment(
              isFulfillmentStatus(event.target.value) || event.target.value === 'disputed'
                ? event.target.value
                : '',
            )
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {FULFILLMENT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {capitalize(status)}
            </MenuItem>
          ))}
          <MenuItem value="disputed">Disputed payments</MenuItem>
        </TextField>
        <TextField
          select
          label="Payment"
          size="small"
          value={payment}
          onChange={(event) =>
            setPayment(
              event.target.value === 'unpaid' || event.target.value === 'all' ? event.target.value : '',
            )
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Paid orders</MenuItem>
          <MenuItem value="unpaid">Unpaid attempts</MenuItem>
          <MenuItem value="all">All orders</MenuItem>
        </TextField>
      </Box>
      {shippingDialog}
      {cancelDialog}

      {isLoading ? (
        <Stack spacing={1.5} aria-busy="true" aria-label="Loading orders">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={isPhone ? 150 : 56} />
          ))}
        </Stack>
      ) : isError ? (
        <LoadError onRetry={refetch}>
          <AlertTitle>Failed to load orders</AlertTitle>
          Please try again later.
        </LoadError>
      ) : orders.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {filtered ? 'No orders match this search.' : 'No orders yet'}
          </Typography>
        </Paper>
      ) : (
        <Box sx={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 150ms' }} aria-busy={isFetching}>
          <OrderList
            orders={orders}
            onOpen={openDetails}
            onStatus={setStatus}
            onCancel={askCancel}
            updating={updating}
          />
        </Box>
      )}

      <OrderDetailsDialog
        orderId={selectedId}
        open={detailsOpen}
        onClose={() => setDetailsOpen(false)}
        fullScreen={isPhone}
      />
    </Stack>
  );
}
