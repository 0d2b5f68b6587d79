import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EditDialog } from '../shared/edit-dialog';
import { menuItems } from '../shared/menu-items';
import { CARRIERS, type Carrier, type ShippingDetails } from './api';
import { isPaid } from './order-status';

type Props = {
  orderId: number | null;
  /** The order's payment status: an unpaid order's buyer is not e-mailed. */
  paymentStatus?: string;
  initial?: ShippingDetails;
  fullScreen?: boolean;
  onConfirm: (details: ShippingDetails) => void;
  onCancel: () => void;
};

/** Asked before an order becomes 'shipped': the carrier and the tracking number, both optional. */
export function ShippingDialog({ fullScreen, ...form }: Props) {
  const { orderId, onCancel } = form;
  return (
    <EditDialog open={orderId !== null} onClose={onCancel} fullScreen={fullScreen} maxWidth="xs">
      {orderId !== null && <ShippingForm {...form} orderId={orderId} />}
    </EditDialog>
  );
}

function ShippingForm({
  orderId,
  paymentStatus,
  initial,
  onConfirm,
  onCancel,
}: Omit<Props, 'fullScreen'> & { orderId: number }) {
  const unpaid = paymentStatus !== undefined && !isPaid(paymentStatus);
  const [carrier, setCarrier] = useState<Carrier | ''>(initial?.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(initial?.trackingNumber ?? '');
  const invalid = !/^[A-Za-z0-9 -]{0,100}$/.test(trackingNumber.trim());
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        onConfirm({ carrier: carrier || null, trackingNumber: trackingNumber.trim() || null });
      }}
    >
      <DialogTitle>Ship order #{orderId}</DialogTitle>
      <DialogContent>
        {unpaid ? (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              This order is unpaid (payment {paymentStatus}). The buyer will not be e-mailed.
            </Alert>
            <DialogContentText sx={{ mb: 2 }}>Both fields are optional.</DialogContentText>
          </>
        ) : (
          <DialogContentText sx={{ mb: 2 }}>
            The buyer gets an e-mail with the tracking details. Both fields are optional.
          </DialogContentText>
        )}
        <Stack spacing={2}>
          <TextField
            select
            label="Carrier"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value as Carrier | '')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Not specified</MenuItem>
            {menuItems(CARRIERS.map((c) => ({ value: c, label: c === 'other' ? 'Other' : c })))}
          </TextField>
          <TextField
            label="Tracking number"
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
            error={invalid}
            helperText={invalid ? 'Letters, digits, spaces and dashes only (at most 100).' : ' '}
            autoComplete="off"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained">
          Mark as shipped
        </Button>
      </DialogActions>
    </form>
  );
}
