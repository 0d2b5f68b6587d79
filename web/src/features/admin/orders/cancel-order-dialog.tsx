import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { serverMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { EditDialog } from '../shared/edit-dialog';
import { useCancelOrderMutation } from './api';

type Props = {
  /** The unpaid order to cancel; null: closed. */
  order: { id: number; status: string } | null;
  fullScreen?: boolean;
  onClose: () => void;
};

/**
 * Asks before an unpaid order is canceled: its payment is stopped at the provider (the buyer can
 * no longer pay for it) and what it holds, such as a promotion code's use, is given back. The
 * server refuses a paid order (it is refunded instead); its words are shown here.
 */
export function CancelOrderDialog({ order, fullScreen, onClose }: Props) {
  return (
    <EditDialog
      open={order !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="xs"
      titleId="cancel-order-title"
      describedBy="cancel-order-text"
    >
      {order && <CancelOrderForm order={order} onClose={onClose} />}
    </EditDialog>
  );
}

function CancelOrderForm({ order, onClose }: { order: { id: number; status: string }; onClose: () => void }) {
  const toast = useToast();
  const [cancel, { isLoading }] = useCancelOrderMutation();
  const [error, setError] = useState<string | null>(null);
  const declined = order.status === 'failed';

  const confirm = async () => {
    setError(null);
    try {
      await cancel(order.id).unwrap();
      toast({ title: 'Order canceled', description: `Order #${order.id} is canceled. Nothing was charged.` });
      onClose();
    } catch (err) {
      setError(serverMessage(err) ?? 'The order could not be canceled. Please try again.');
    }
  };

  return (
    <>
      <DialogTitle id="cancel-order-title">Cancel order #{order.id}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-order-text">
          {declined
            ? "The buyer's payment was declined and nothing has been paid. "
            : 'Nothing has been paid. '}
          Canceling stops the payment, so the buyer can no longer pay for this order, and gives back what it
          holds, such as the use of a promotion code. This cannot be undone.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Keep order
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          {isLoading ? 'Canceling...' : 'Cancel order'}
        </Button>
      </DialogActions>
    </>
  );
}
