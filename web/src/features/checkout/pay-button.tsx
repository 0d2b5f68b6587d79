import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { formatPrice } from '../../lib/format';

/** 'Pay $245.00'; disabled and reading 'Processing...' while the payment is confirmed. */
export function PayButton({
  amount,
  processing,
  disabled = false,
}: {
  amount: number;
  processing: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={processing || disabled}
      startIcon={
        processing ? (
          <CircularProgress size={18} color="inherit" aria-hidden />
        ) : (
          <LockOutlinedIcon aria-hidden />
        )
      }
      sx={{ py: 1.5 }}
    >
      {processing ? 'Processing...' : `Pay ${formatPrice(amount)}`}
    </Button>
  );
}
