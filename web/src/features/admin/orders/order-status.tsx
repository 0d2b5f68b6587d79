import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FulfillmentStatus } from '../../../lib/api-types';

export type { FulfillmentStatus };
export const FULFILLMENT_STATUSES = [
  'received',
  'paid',
  'shipped',
  'completed',
  'canceled',
] as const satisfies readonly FulfillmentStatus[];

export function isFulfillmentStatus(value: unknown): value is FulfillmentStatus {
  return (FULFILLMENT_STATUSES as readonly unknown[]).includes(value);
}

export function capitalize(value: string): string {
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

/** The buyer paid (refunds since do not change that): the server mails shipping news only then. */
export function isPaid(paymentStatus: string): boolean {
  return ['paid', 'partially_refunded', 'refunded'].includes(paymentStatus);
}

/** Nobody has paid and nothing is settling (payment pending or failed): the owner may cancel it. */
export function isCancelable(paymentStatus: string): boolean {
  return paymentStatus === 'pending' || paymentStatus === 'failed';
}

/** Badge colours of the known payment statuses (unknown ones get a plain outline badge). */
const PAYMENT_BADGES: Record<string, { bg: string; fg: string }> = {
  received: { bg: '#e3edf7', fg: '#1d4f7a' },
  processing: { bg: '#fdf0d5', fg: '#7a4b00' },
  paid: { bg: '#dcefe2', fg: '#1e5631' },
  shipped: { bg: '#e8e3f5', fg: '#4a3a84' },
  completed: { bg: '#2e4b3c', fg: '#ffffff' },
  canceled: { bg: '#f8dedc', fg: '#8c1d18' },
  // after the payment
  refunded: { bg: '#eceff1', fg: '#37474f' },
  partially_refunded: { bg: '#fff3e0', fg: '#8a4b00' },
};
const BADGE_LABELS: Record<string, string> = { partially_refunded: 'Partially refunded' };

export function PaymentStatusBadge({ status }: { status: string }) {
  const known = PAYMENT_BADGES[status];
  const label = BADGE_LABELS[status] ?? capitalize(status || 'unknown');
  if (!known) return <Chip label={label} size="small" variant="outlined" />;
  return <Chip label={label} size="small" sx={{ bgcolor: known.bg, color: known.fg, fontWeight: 600 }} />;
}

type SelectProps = {
  value: string | null | undefined;
  onChange: (status: FulfillmentStatus) => void;
  label: string;
  /** Hide the label visually (table cells); it stays the field's accessible name. */
  hideLabel?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  id?: string;
};

export function FulfillmentStatusSelect({
  value,
  onChange,
  label,
  hideLabel,
  disabled,
  fullWidth,
  id,
}: SelectProps) {
  const current = isFulfillmentStatus(value) ? value : 'received';
  return (
    <TextField
      select
      id={id}
      size="small"
      label={hideLabel ? undefined : label}
      value={current}
      disabled={disabled}
      fullWidth={fullWidth}
      onChange={(event) => {
        if (isFulfillmentStatus(event.target.value) && event.target.value !== current)
          onChange(event.target.value);
      }}
      sx={{ minWidth: 150 }}
      slotProps={{ htmlInput: hideLabel ? { 'aria-label': label } : undefined }}
    >
      {FULFILLMENT_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {capitalize(status)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const dueDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : null;

/** A disputed payment: red, with the dispute's reason and the date evidence is due. */
export function DisputeBadge({
  dispute,
}: {
  dispute: { status: string; reason: string; dueBy: string | null };
}) {
  const closed = ['won', 'lost', 'warning_closed'].includes(dispute.status);
  const due = dueDate(dispute.dueBy);
  const label = closed
    ? `Dispute ${dispute.status.replace(/_/g, ' ')}: ${dispute.reason.replace(/_/g, ' ')}`
    : `Disputed: ${dispute.reason.replace(/_/g, ' ')}${due ? ` · due ${due}` : ''}`;
  return (
    <Chip
      label={label}
      size="small"
      color={closed ? 'default' : 'error'}
      sx={{ fontWeight: 600, maxWidth: '100%' }}
    />
  );
}
