import { describe, expect, it } from 'vitest';
import { freeToastTop, toastTop, type PlacementInput } from './toast-placement';

const phone: Omit<PlacementInput, 'avoid'> = {
  viewportHeight: 844,
  left: 12,
  right: 378,
  height: 80,
  preferBottom: false,
  margin: 12,
};
const desktop: Omit<PlacementInput, 'avoid'> = {
  viewportHeight: 900,
  left: 24,
  right: 404,
  height: 80,
  preferBottom: true,
  margin: 24,
};

describe('toastTop', () => {
  it('keeps the CSS edge when nothing is in the way', () => {
    expect(toastTop({ ...phone, avoid: [] })).toBeNull();
    expect(toastTop({ ...desktop, avoid: [{ top: 0, bottom: 64, left: 0, right: 1440 }] })).toBeNull();
  });

  it('goes just below a phone header or a full-screen dialog title', () => {
    const header = { top: 0, bottom: 56, left: 0, right: 390 };
    expect(toastTop({ ...phone, avoid: [header] })).toBe(68);
    const title = { top: 0, bottom: 64, left: 0, right: 390 };
    const close = { top: 12, bottom: 52, left: 334, right: 374 };
    const actions = { top: 772, bottom: 844, left: 0, right: 390 };
    expect(toastTop({ ...phone, avoid: [title, close, actions] })).toBe(76);
  });

  it('moves up from the bottom over a dialog whose actions are there', () => {
    const actions = { top: 780, bottom: 860, left: 270, right: 1170 };
    expect(toastTop({ ...desktop, avoid: [actions] })).toBe(780 - 24 - 80);
  });

  it('ignores boxes beside the toast', () => {
    const dialogActions = { top: 780, bottom: 860, left: 420, right: 1020 };
    expect(toastTop({ ...desktop, avoid: [dialogActions] })).toBeNull();
  });

  it('falls back to the other edge when the preferred side is full', () => {
    const title = { top: 0, bottom: 700, left: 0, right: 390 };
    expect(toastTop({ ...phone, avoid: [title] })).toBe(712);
    expect(toastTop({ ...phone, avoid: [{ top: 0, bottom: 844, left: 0, right: 390 }] })).toBeNull();
  });
});

describe('freeToastTop', () => {
  it('answers the free place, and nothing when the window is full (a dialog then makes room)', () => {
    const header = { top: 0, bottom: 72, left: 0, right: 390 };
    const line = { top: 81, bottom: 203, left: 24, right: 366 };
    // the toast goes below the one line, not over it
    expect(freeToastTop({ ...phone, avoid: [header, line] })).toBe(215);
    const lines = { top: 81, bottom: 578, left: 24, right: 366 };
    const summary = { top: 578, bottom: 844, left: 0, right: 390 };
    expect(freeToastTop({ ...phone, avoid: [header, lines, summary] })).toBeUndefined();
    expect(toastTop({ ...phone, avoid: [header, lines, summary] })).toBeNull();
  });
});
