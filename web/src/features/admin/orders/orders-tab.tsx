import { useEffect, useState, type MouseEvent } from 'react';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { formatPrice } from '../../../lib/format';
import { LoadError } from '../shared/load-error';
import { ORDERS_CSV_URL, useGetAdminOrdersQuery, type AdminOrderSummary } from './api';
import { OrderDetailsDialog } from './order-details-dialog';
import {
  DisputeBadge,
  FULFILLMENT_STATUSES,
  FulfillmentStatusSelect,
  PaymentStatusBadge,
  capitalize,
  isFulfillmentStatus,
  type FulfillmentStatus,
} from './order-status';
import { formatDate, timeAgo } from './relative-time';
import { LIST_TEXTS, useFulfillmentUpdate } from './use-fulfillment-update';

const SEARCH_DEBOUNCE_MS = 300;

export default function OrdersTab() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [fulfillment, setFulfillment] = useState<FulfillmentStatus | 'disputed' | ''>('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const filtered = q !== '' || fulfillment !== '';
  const disputed = fulfillment === 'disputed';
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminOrdersQuery(
    {
      q: q || undefined,
      fulfillmentStatus: fulfillment && !disputed ? fulfillment : undefined,
      disputed: disputed || undefined,
    },
    { refetchOnMountOrArgChange: true },
  );
  const { setStatus, updating, shippingDialog } = useFulfillmentUpdate(LIST_TEXTS, { fullScreen: isPhone });

  const openDetails = (id: number) => {
    setSelectedId(id);
    setDetailsOpen(true);
  };

  const orders = data ?? [];
  const csvParams = new URLSearchParams();
  if (disputed) csvParams.set('disputed', 'true');
  else if (fulfillment) csvParams.set('fulfillmentStatus', fulfillment);
  if (q) csvParams.set('q', q);
  // The export follows the filter and search on screen.
  const csvUrl = csvParams.size ? `${ORDERS_CSV_URL}?${csvParams}` : ORDERS_CSV_URL;

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography variant="h5" component="h2">
            Orders
          </Typography>
          <Typography color="text.secondary">Newest first. Tap an order to see its details.</Typography>
        </Box>
        <Button
          component="a"
          href={csvUrl}
          download
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Export CSV
        </Button>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 420px) 200px' },
        }}
      >
        <TextField
          label="Search orders"
          placeholder="Name, email or order number"
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
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
      </Box>
      {shippingDialog}

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
          {isPhone ? (
            <OrderCards orders={orders} onOpen={openDetails} onStatus={setStatus} updating={updating} />
          ) : (
            <OrdersTable orders={orders} onOpen={openDetails} onStatus={setStatus} updating={updating} />
          )}
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

type ListProps = {
  orders: AdminOrderSummary[];
  onOpen: (id: number) => void;
  onStatus: (id: number, status: FulfillmentStatus) => Promise<void>;
  updating: boolean;
};

// The dropdown lives inside a clickable row; its clicks (also from the menu portal) must not open the dialog.
const stop = (event: MouseEvent) => event.stopPropagation();

function OrdersTable({ orders, onOpen, onStatus, updating }: ListProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Orders">
        <TableHead>
          <TableRow>
            <TableCell>Order #</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Payment Status</TableCell>
            <TableCell>Fulfillment Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} hover onClick={() => onOpen(order.id)} sx={{ cursor: 'pointer' }}>
              <TableCell>
                <Link
                  component="button"
                  type="button"
                  onClick={(event: MouseEvent) => {
                    event.stopPropagation();
                    onOpen(order.id);
                  }}
                  sx={{ fontWeight: 700 }}
                  aria-label={`Order #${order.id} details`}
                >
                  #{order.id}
                </Link>
              </TableCell>
              <TableCell>
                <OrderDate createdAt={order.createdAt} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {order.customerName}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  title={order.customerEmail}
                  sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {order.customerEmail}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatPrice(order.totalAmount)}
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <PaymentStatusBadge status={order.status} />
                  {order.dispute && <DisputeBadge dispute={order.dispute} />}
                </Stack>
              </TableCell>
              <TableCell onClick={stop}>
                <FulfillmentStatusSelect
                  label={`Fulfillment status of order #${order.id}`}
                  hideLabel
                  value={order.fulfillmentStatus}
                  onChange={(status) => void onStatus(order.id, status)}
                  disabled={updating}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OrderCards({ orders, onOpen, onStatus, updating }: ListProps) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Orders">
      {orders.map((order) => (
        <Card component="li" key={order.id} variant="outlined">
          <CardActionArea onClick={() => onOpen(order.id)} aria-label={`Order #${order.id} details`}>
            <CardContent sx={{ pb: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>Order #{order.id}</Typography>
                <PaymentStatusBadge status={order.status} />
              </Box>
              {order.dispute && (
                <Box sx={{ mt: 0.5 }}>
                  <DisputeBadge dispute={order.dispute} />
                </Box>
              )}
              <Box sx={{ mt: 0.5 }}>
                <OrderDate createdAt={order.createdAt} />
              </Box>
              <Box
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1.5, alignItems: 'end' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {order.customerName}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {order.customerEmail}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 700 }}>{formatPrice(order.totalAmount)}</Typography>
              </Box>
            </CardContent>
          </CardActionArea>
          <CardContent sx={{ pt: 1 }}>
            <FulfillmentStatusSelect
              label="Fulfillment Status"
              id={`order-${order.id}-fulfillment`}
              value={order.fulfillmentStatus}
              onChange={(status) => void onStatus(order.id, status)}
              disabled={updating}
              fullWidth
            />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function OrderDate({ createdAt }: { createdAt: string }) {
  const date = new Date(createdAt);
  return (
    <>
      <Typography variant="body2" component="div">
        {formatDate(createdAt)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {Number.isNaN(date.getTime()) ? '' : timeAgo(date)}
      </Typography>
    </>
  );
}
