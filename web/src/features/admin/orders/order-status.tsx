import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export const FULFILLMENT_STATUSES = ['received', 'paid', 'shipped', 'completed', 'canceled'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export function isFulfillmentStatus(value: unknown): value is FulfillmentStatus {
  return (FULFILLMENT_STATUSES as readonly unknown[]).includes(value);
}

export function capitalize(value: string): string {
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

/** Badge colours of the known payment statuses (unknown ones get a plain outline badge). */
const PAYMENT_BADGES: Record<string, { bg: string; fg: string }> = {
  received: { bg: '#e3edf7', fg: '#1d4f7a' },
  processing: { bg: '#fdf0d5', fg: '#7a4b00' },
  paid: { bg: '#dcefe2', fg: '#1e5631' },
  shipped: { bg: '#e8e3f5', fg: '#4a3a84' },
  completed: { bg: '#2e4b3c', fg: '#ffffff' },
  canceled: { bg: '#f8dedc', fg: '#8c1d18' },
};

export function PaymentStatusBadge({ status }: { status: string }) {
  const known = PAYMENT_BADGES[status];
  const label = capitalize(status || 'unknown');
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
