import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { formatPrice } from '../../../lib/format';
import { EditDialog } from '../shared/edit-dialog';
import { menuItems } from '../shared/menu-items';
import { splitRefund } from '@shared/refund-split';
import type { RefundTo } from '@contract';
import { REFUND_REASONS, useRefundOrderMutation, type RefundReason } from './api';

/** A licence line the refund may revoke (issue 46). */
export type RefundLicence = { lineId: number; grantId: string; licenceName: string; sizeLabel: string };
type Props = {
  orderId: number;
  left: number;
  /** Where the refund goes (the card, gift cards): shown split before she confirms. */
  refundTo?: RefundTo;
  licences?: RefundLicence[];
  open: boolean;
  fullScreen?: boolean;
  onClose: () => void;
};

/** Refund all or part of a paid order; the server checks the amount against what is left. */
export function RefundDialog({ orderId, left, refundTo, licences = [], open, fullScreen, onClose }: Props) {
  return (
    <EditDialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="xs">
      <RefundForm orderId={orderId} left={left} refundTo={refundTo} licences={licences} onClose={onClose} />
    </EditDialog>
  );
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * "$30.00 back to the card, $20.00 back to gift card ••••7XKQ": the server's split of an order
 * paid partly by gift cards (src/shared/refund-split.ts); null without gift cards or an amount.
 */
export function refundSplitText(amount: number, refundTo: RefundTo | undefined): string | null {
  if (!refundTo?.tenders.length || !(amount > 0)) return null;
  const split = splitRefund(
    cents(amount),
    { paidCents: cents(refundTo.card.paid), leftCents: cents(refundTo.card.left) },
    refundTo.tenders.map((t) => ({ paidCents: cents(t.paid), leftCents: cents(t.left) })),
  );
  if (!split) return null;
  const parts = [
    ...(split.cardCents > 0 ? [`${formatPrice(split.cardCents / 100)} back to the card`] : []),
    ...refundTo.tenders.flatMap((t, i) =>
      split.tenderCents[i]! > 0 ? [`${formatPrice(split.tenderCents[i]! / 100)} back to ${t.label}`] : [],
    ),
  ];
  return parts.join(', ');
}

function RefundForm({ orderId, left, refundTo, licences = [], onClose }: Omit<Props, 'open' | 'fullScreen'>) {
  const toast = useToast();
  const [refund, { isLoading }] = useRefundOrderMutation();
  // one key per dialog: a double click (or a retry after a timeout) makes one refund
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(left.toFixed(2));
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const value = Number(amount);
  // "Revoke the licence" per licence line: ticked while the refund covers the whole order (a full
  // refund revokes every licence whatever is ticked); her choice once she changes one
  const [chosen, setChosen] = useState<Record<number, boolean>>({});
  const whole = value >= left - 1e-9;
  const revoking = (lineId: number) => chosen[lineId] ?? whole;
  // the server's messages: a fraction of a cent is refused, never rounded
  const amountError = /^\d+\.\d{3,}$/.test(amount.trim())
    ? 'Enter the amount in dollars and cents, with at most 2 decimal places.'
    : !/^\d+(\.\d{1,2})?$/.test(amount.trim()) || value < 0.01
      ? 'Enter an amount of at least $0.01.'
      : value > left + 1e-9
        ? `At most ${formatPrice(left)} is left to refund.`
        : null;

  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (amountError || isLoading) return;
        setError(null);
        try {
          await refund({
            orderId,
            amount: value,
            reason,
            note: note.trim() || undefined,
            idempotencyKey,
            ...(licences.length
              ? { revokeLicenceLines: licences.filter((l) => revoking(l.lineId)).map((l) => l.lineId) }
              : {}),
          }).unwrap();
          toast({
            title: 'Refund issued',
            description: `${formatPrice(value)} refunded on order #${orderId}.`,
          });
          onClose();
        } catch (err) {
          setError(serverMessage(err) ?? 'The refund failed. Please try again.');
        }
      }}
    >
      <DialogTitle>Refund order #{orderId}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {formatPrice(left)} is left to refund. The money goes back to the buyer&apos;s card and they get an
          e-mail.
        </DialogContentText>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          {!amountError && refundSplitText(value, refundTo) && (
            <Alert severity="info" aria-label="Where the refund goes">
              {refundSplitText(value, refundTo)}
            </Alert>
          )}
          <TextField
            label="Refund amount"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={!!amountError}
            helperText={amountError ?? ' '}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <TextField
            select
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value as RefundReason)}
          >
            {menuItems(REFUND_REASONS)}
          </TextField>
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {licences.map((l) => (
            <FormControlLabel
              key={l.lineId}
              control={
                <Checkbox
                  checked={revoking(l.lineId)}
                  onChange={(e) => setChosen((c) => ({ ...c, [l.lineId]: e.target.checked }))}
                />
              }
              label={`Revoke the licence (${l.licenceName}, ${l.sizeLabel}, ${l.grantId})`}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" color="error" disabled={isLoading || !!amountError}>
          {isLoading ? 'Refunding...' : `Refund ${amountError ? '' : formatPrice(value)}`.trim()}
        </Button>
      </DialogActions>
    </form>
  );
}
