import { describe, expect, it } from 'vitest';
import { entryDescription, statusOf } from './gift-cards-admin.service';

describe("a ledger entry in the owner's words", () => {
  it('names the order, or her reason', () => {
    const e = (
      kind: Parameters<typeof entryDescription>[0]['kind'],
      orderId: number | null = 12,
      reason: string | null = null,
    ) => entryDescription({ kind, orderId, reason });
    expect(e('issued', null)).toBe('Issued');
    expect(e('held')).toBe('Held for order #12');
    expect(e('released')).toBe('Released');
    expect(e('spent')).toBe('Spent on order #12');
    expect(e('refunded')).toBe('Refunded from order #12');
    expect(e('adjusted', null, 'Lost at the fair')).toBe('Adjusted: Lost at the fair');
    expect(e('voided', null, 'Reported stolen')).toBe('Voided: Reported stolen');
  });
});

describe("a card's status", () => {
  const now = new Date('2026-12-10T12:00:00Z');
  const card = {
    voidedAt: null,
    kind: 'purchased' as const,
    expiresAt: null,
    sentAt: null,
    sendAt: null,
  };
  it('is voided, then expired, then sent, then scheduled, else not e-mailed', () => {
    expect(statusOf(card, now)).toBe('not-emailed');
    expect(statusOf({ ...card, sendAt: new Date('2026-12-24T08:00Z') }, now)).toBe('scheduled');
    expect(statusOf({ ...card, sendAt: now, sentAt: now }, now)).toBe('sent');
    const past = new Date('2026-12-01T00:00Z');
    expect(statusOf({ ...card, kind: 'promotional', expiresAt: past, sentAt: now }, now)).toBe('expired');
    // a purchased card never expires, whatever a row says
    expect(statusOf({ ...card, expiresAt: past }, now)).toBe('not-emailed');
    expect(statusOf({ ...card, kind: 'promotional', expiresAt: past, voidedAt: past }, now)).toBe('voided');
  });
});
