import type { Cart, CartGiftCardLine } from '@contract';

export type { CartGiftCardLine };

/** A cart's gift card lines (issue 47): none in an answer of a server before gift cards. */
export const giftCardsOf = (cart: Partial<Cart> | undefined): CartGiftCardLine[] =>
  (cart as { giftCards?: CartGiftCardLine[] } | undefined)?.giftCards ?? [];

// The zones a US shop is likely in, as a buyer names them; any other by its city ("Europe/Paris": "Paris").
const ZONE_NAMES: Record<string, string> = {
  'America/New_York': 'Washington, DC time',
  'America/Detroit': 'Eastern time',
  'America/Chicago': 'Central time',
  'America/Denver': 'Mountain time',
  'America/Phoenix': 'Arizona time',
  'America/Los_Angeles': 'Pacific time',
  'America/Anchorage': 'Alaska time',
  'Pacific/Honolulu': 'Hawaii time',
};

/** The shop's zone as a buyer reads it: "Washington, DC time", "Central time", "Paris time". */
export function zoneLabel(timeZone: string): string {
  return ZONE_NAMES[timeZone] ?? `${(timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')} time`;
}

/** Now in the zone as a datetime-local value: "2026-12-08T09:30" (the send date's lower bound). */
export function localNow(timeZone: string, at = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** "Sends Dec 24, 8:00 AM" (in the shop's zone), or "Sends when paid". */
export function sendsText(sendAt: string | null, timeZone: string): string {
  if (!sendAt) return 'Sends when paid';
  return `Sends ${whenText(sendAt, timeZone)}`;
}

/** "Dec 24, 8:00 AM" in the shop's zone (the year only when not this year's). */
export function whenText(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const thisYear = localNow(timeZone).slice(0, 4) === localNow(timeZone, at).slice(0, 4);
  return at.toLocaleString('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    ...(thisYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "••••7XKQ": a card as the buyer sees it (its last 4 only). */
export const maskedCard = (last4: string): string => `\u2022\u2022\u2022\u2022${last4}`;
