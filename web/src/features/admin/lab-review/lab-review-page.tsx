import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetLabReviewQuery } from '../shared/lab/lab-orders-api';
import { LoadError } from '../shared/load-error';
import { SubPage } from '../shared/sub-page';
import { ReviewOrderCard } from './review-order-card';

/**
 * 'To review': paid orders the labs' review setting keeps until the owner approves them (sent at
 * once) or holds them, each with its prints' cropped files, sizes and papers.
 */
export default function LabReviewPage() {
  const { data, isLoading, error, refetch, isFetching } = useGetLabReviewQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <SubPage title="To review" backTo="/admin/orders" backLabel="Back to Orders" maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Check each print’s file, size and paper, then approve the order to send it to the lab now, or hold it.
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={240} aria-label="Loading the orders to review" />
      ) : !data ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="the orders to review" error={error} />
      ) : data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            Nothing to review. Orders wait here when a lab’s “Review orders before sending” is on in{' '}
            <Link component={RouterLink} to="/admin/orders/print-lab" underline="always">
              Print Lab settings
            </Link>
            .
          </Typography>
        </Paper>
      ) : (
        <Stack component="ul" spacing={2} aria-label="Orders to review" sx={{ p: 0, m: 0 }}>
          {data.map((order) => (
            <ReviewOrderCard key={order.orderId} order={order} />
          ))}
        </Stack>
      )}
    </SubPage>
  );
}
