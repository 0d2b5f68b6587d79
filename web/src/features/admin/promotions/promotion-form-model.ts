import type { PromotionInput, PromotionKind, PromotionView } from '@contract';

/** The promotion form as typed: every number is the field's text, dates are datetime-local values. */
export type PromotionFormValues = {
  code: string;
  kind: PromotionKind;
  percentOff: string;
  amountOff: string;
  /** 'YYYY-MM-DDTHH:mm' in the owner's time zone, or '' for none. */
  startsAt: string;
  expiresAt: string;
  maxUses: string;
  maxUsesPerEmail: string;
  minSubtotal: string;
  photoIds: number[];
  formats: string[];
  paused: boolean;
};

/** A number as sent: a number when the text is one, null when blank, else the text (the server says why). */
type TypedNumber = number | string | null;

/**
 * The body of POST /api/admin/promotions and PUT /api/admin/promotions/{id}: PromotionInput, with
 * each number as typed so a bad one reaches the server, whose message shows under its field.
 */
export type PromotionRequest = Omit<
  PromotionInput,
  'percentOff' | 'amountOff' | 'maxUses' | 'maxUsesPerEmail' | 'minSubtotal'
> & {
  percentOff: TypedNumber;
  amountOff: TypedNumber;
  maxUses: TypedNumber;
  maxUsesPerEmail: TypedNumber;
  minSubtotal: TypedNumber;
};

export const KIND_LABELS: Record<PromotionKind, string> = {
  percent: 'Percent off',
  amount: 'Amount off',
  free_shipping: 'Free shipping',
};

export const STATE_LABELS: Record<PromotionView['state'], string> = {
  active: 'Active',
  paused: 'Paused',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used up': 'Used up',
};

export function emptyPromotionForm(): PromotionFormValues {
  return {
    code: '',
    kind: 'percent',
    percentOff: '',
    amountOff: '',
    startsAt: '',
    expiresAt: '',
    maxUses: '',
    maxUsesPerEmail: '',
    minSubtotal: '',
    photoIds: [],
    formats: [],
    paused: false,
  };
}

const text = (n: number | null) => (n == null ? '' : String(n));
const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in this browser's time zone ('' when there is none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value ('2026-12-31T23:59') as ISO 8601 with this browser's offset
 * ('2026-12-31T23:59:00-05:00'); blank is null; anything else is sent as typed.
 */
export function localInputToIso(local: string): string | null {
  const value = local.trim();
  if (value === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return value;
  const [, y, mo, d, h, mi, s = '00'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(date.getTime())) return value;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The text of a number field: a number when it reads as one, null when blank, else as typed. */
export function typedNumber(value: string): TypedNumber {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function formOfPromotion(p: PromotionView): PromotionFormValues {
  return {
    code: p.code,
    kind: p.kind,
    percentOff: text(p.percentOff),
    amountOff: p.amountOff == null ? '' : p.amountOff.toFixed(2),
    startsAt: toLocalInput(p.startsAt),
    expiresAt: toLocalInput(p.expiresAt),
    maxUses: text(p.maxUses),
    maxUsesPerEmail: text(p.maxUsesPerEmail),
    minSubtotal: p.minSubtotal > 0 ? p.minSubtotal.toFixed(2) : '',
    photoIds: [...p.photoIds],
    formats: [...p.formats],
    paused: p.paused,
  };
}

/** What the form sends: only the amount of the chosen kind; a blank minimum is none ($0). */
export function requestOfForm(values: PromotionFormValues): PromotionRequest {
  return {
    code: values.code.trim(),
    kind: values.kind,
    percentOff: values.kind === 'percent' ? typedNumber(values.percentOff) : null,
    amountOff: values.kind === 'amount' ? typedNumber(values.amountOff) : null,
    startsAt: localInputToIso(values.startsAt),
    expiresAt: localInputToIso(values.expiresAt),
    maxUses: typedNumber(values.maxUses),
    maxUsesPerEmail: typedNumber(values.maxUsesPerEmail),
    minSubtotal: typedNumber(values.minSubtotal) ?? 0,
    photoIds: values.photoIds,
    formats: values.formats.map((f) => f.trim()).filter(Boolean),
    paused: values.paused,
  };
}

export type PromotionField = keyof PromotionFormValues;
export type PromotionErrors = Partial<Record<PromotionField, string>>;

const FIELDS = new Set<string>(Object.keys(emptyPromotionForm()));

/**
 * The server's per-field messages on the form's fields ('formats.2' is the formats field); those
 * of no field are returned as `other`.
 */
export function errorsOfServer(errors: Record<string, string> | undefined): {
  fields: PromotionErrors;
  other: string[];
} {
  const fields: PromotionErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field = key.split('.')[0];
    if (FIELDS.has(field)) fields[field as PromotionField] ??= message;
    else other.push(message);
  }
  return { fields, other };
}

/** "3 used of 5 · 1 pending": paid uses, the limit, and unpaid orders holding a use. */
export function usesText(p: Pick<PromotionView, 'uses' | 'pendingUses' | 'maxUses'>): string {
  const used = p.maxUses == null ? `${p.uses} used` : `${p.uses} used of ${p.maxUses}`;
  return p.pendingUses > 0 ? `${used} · ${p.pendingUses} pending` : used;
}
