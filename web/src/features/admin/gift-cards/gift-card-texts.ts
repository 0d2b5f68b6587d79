import type { ChipProps } from '@mui/material/Chip';
import type { AdminGiftCard } from '@contract';
import { formatPrice } from '../../../lib/format';
import { formatDate, formatShortDateTime } from '../shared/relative-time';

/** "••••7XKQ": a card as she names it (the whole code is shown once, when issued). */
export const maskedCode = (last4: string) => `\u2022\u2022\u2022\u2022${last4}`;

/** Where a card is, in words: "Scheduled for Dec 24, 8:00 AM", "Sent Dec 24, 8:01 AM", "Not e-mailed". */
export function statusText(
  card: Pick<AdminGiftCard, 'status' | 'sendAt' | 'sentAt' | 'voidedAt' | 'expiresAt'>,
) {
  switch (card.status) {
    case 'scheduled':
      return card.sendAt && Date.parse(card.sendAt) > Date.now()
        ? `Scheduled for ${formatShortDateTime(card.sendAt)}`
        : 'Sending';
    case 'sent':
      return `Sent ${card.sentAt ? formatShortDateTime(card.sentAt) : ''}`.trim();
    case 'voided':
      return `Voided ${card.voidedAt ? formatDate(card.voidedAt) : ''}`.trim();
    case 'expired':
      return `Expired ${card.expiresAt ? formatDate(card.expiresAt) : ''}`.trim();
    case 'not-emailed':
      return 'Not e-mailed';
  }
}

export const STATUS_COLORS: Record<AdminGiftCard['status'], ChipProps['color']> = {
  scheduled: 'info',
  sent: 'success',
  'not-emailed': 'default',
  voided: 'error',
  expired: 'warning',
};

export const KIND_LABELS: Record<AdminGiftCard['kind'], string> = {
  purchased: 'Purchased',
  promotional: 'Promotional',
};

/** A ledger amount with its sign: "+$50.00", "−$12.50". */
export const signedPrice = (amount: number) => (amount > 0 ? `+${formatPrice(amount)}` : formatPrice(amount));

/** The end of a picked day (input type=date, 'YYYY-MM-DD') in this device's time zone, as ISO; '' when none. */
export function endOfDay(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59).toISOString();
}
