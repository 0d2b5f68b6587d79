import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { useGetLabReviewQuery } from './lab-orders-api';

/** The 'To review' list's address (a sub-page of the Orders tab). */
export const TO_REVIEW_PATH = '/admin/orders/to-review';
/** 'To review (2)'. */
export const toReviewText = (count: number) => `To review (${count})`;

/** How many paid orders wait for the owner's review (0 until known). */
function useToReviewCount() {
  const { data } = useGetLabReviewQuery(undefined, { refetchOnMountOrArgChange: true });
  return data?.length ?? 0;
}

function ToReviewButton({ count }: { count: number }) {
  return (
    <Button
      component={RouterLink}
      to={TO_REVIEW_PATH}
      variant="contained"
      startIcon={<RateReviewOutlinedIcon />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {toReviewText(count)}
    </Button>
  );
}

/** The way to the paid orders waiting for the owner, with their count; nothing while none wait. */
export function ToReviewLink() {
  const count = useToReviewCount();
  return count > 0 ? <ToReviewButton count={count} /> : null;
}

/** Above the Orders list: paid orders wait for the owner before they go to the lab. */
export function ToReviewNotice() {
  const count = useToReviewCount();
  if (count === 0) return null;
  return (
    <Alert
      severity="info"
      role="note"
      icon={false}
      sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={<ToReviewButton count={count} />}
    >
      {count === 1 ? 'A paid order waits' : `${count} paid orders wait`} for your review before going to the
      lab.
    </Alert>
  );
}
