import { describe, expect, it } from 'vitest';
import type { PromotionView } from '@contract';
import {
  emptyPromotionForm,
  errorsOfServer,
  formOfPromotion,
  localInputToIso,
  requestOfForm,
  toLocalInput,
  typedNumber,
  usesText,
} from './promotion-form-model';

const view: PromotionView = {
  id: 7,
  code: 'SPRING20',
  kind: 'amount',
  percentOff: null,
  amountOff: 5,
  startsAt: null,
  expiresAt: '2026-12-31T23:59:00.000Z',
  maxUses: 5,
  maxUsesPerEmail: 1,
  minSubtotal: 40.5,
  photoIds: [3, 9],
  formats: ['Lustre Paper'],
  paused: true,
  uses: 3,
  pendingUses: 1,
  state: 'paused',
  summary: '$5.00 off',
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('promotion form <-> request', () => {
  it('sends only the chosen kind, numbers as numbers, a blank minimum as $0 and blanks as null', () => {
    const request = requestOfForm({
      ...emptyPromotionForm(),
      code: ' spring20 ',
      kind: 'percent',
      percentOff: '20',
      amountOff: '5',
      maxUses: '5',
      formats: [' Lustre Paper ', ''],
    });
    expect(request).toEqual({
      code: 'spring20',
      kind: 'percent',
      percentOff: 20,
      amountOff: null,
      startsAt: null,
      expiresAt: null,
      maxUses: 5,
      maxUsesPerEmail: null,
      minSubtotal: 0,
      photoIds: [],
      formats: ['Lustre Paper'],
      paused: false,
    });
  });

  it('free shipping sends no amount at all', () => {
    const request = requestOfForm({ ...emptyPromotionForm(), kind: 'free_shipping', percentOff: '10' });
    expect(request.percentOff).toBeNull();
    expect(request.amountOff).toBeNull();
  });

  it('a bad number is sent as typed, so the server answers with its message', () => {
    expect(typedNumber('101')).toBe(101);
    expect(typedNumber('12.345')).toBe(12.345);
    expect(typedNumber('ten')).toBe('ten');
    expect(typedNumber('  ')).toBeNull();
  });

  it('a saved code fills the form, and the form sends it back unchanged', () => {
    const form = formOfPromotion(view);
    expect(form).toMatchObject({ kind: 'amount', amountOff: '5.00', minSubtotal: '40.50', maxUses: '5' });
    const request = requestOfForm(form);
    expect(request).toMatchObject({
      code: 'SPRING20',
      amountOff: 5,
      minSubtotal: 40.5,
      maxUsesPerEmail: 1,
      photoIds: [3, 9],
      formats: ['Lustre Paper'],
      paused: true,
      startsAt: null,
    });
    expect(Date.parse(request.expiresAt ?? '')).toBe(Date.parse('2026-12-31T23:59:00.000Z'));
  });
});

describe('dates', () => {
  it('a datetime-local value becomes ISO with the local offset, at the same instant', () => {
    const iso = localInputToIso('2026-07-04T09:30');
    expect(iso).toMatch(/^2026-07-04T09:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso ?? '')).toBe(new Date(2026, 6, 4, 9, 30).getTime());
    expect(toLocalInput(iso)).toBe('2026-07-04T09:30');
  });

  it('blank is no date; an unreadable one is sent as typed', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('tomorrow')).toBe('tomorrow');
    expect(toLocalInput(null)).toBe('');
  });
});

describe('server errors and uses', () => {
  it('puts each message under its field; others are kept apart', () => {
    expect(
      errorsOfServer({
        percentOff: 'Percent off must be a whole number from 1 to 100.',
        'formats.1': 'Each print format must be 1 to 100 characters, without < or >.',
        body: 'Invalid request',
      }),
    ).toEqual({
      fields: {
        percentOff: 'Percent off must be a whole number from 1 to 100.',
        formats: 'Each print format must be 1 to 100 characters, without < or >.',
      },
      other: ['Invalid request'],
    });
  });

  it('shows paid uses, the limit and pending uses', () => {
    expect(usesText({ uses: 0, pendingUses: 0, maxUses: null })).toBe('0 used');
    expect(usesText({ uses: 0, pendingUses: 0, maxUses: 5 })).toBe('0 used of 5');
    expect(usesText({ uses: 3, pendingUses: 1, maxUses: null })).toBe('3 used · 1 pending');
    expect(usesText({ uses: 3, pendingUses: 1, maxUses: 5 })).toBe('3 used of 5 · 1 pending');
  });
});
