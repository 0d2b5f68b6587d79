import { describe, expect, it } from 'vitest';
import { afterConnection, connectionText, labFields } from './lab-settings-model';

const store = (id: number) => ({ id, name: `Store ${id} (#${id})` });
const answer = (...stores: ReturnType<typeof store>[]) => ({
  ok: true as const,
  message: 'Connected.',
  choices: { storeId: stores },
});
const field = { key: 'storeId', label: 'Store', help: '', saved: '', choose: '', list: '' };
const withStore = { settingFields: [field] };

describe('afterConnection', () => {
  it('chooses the only store found, and says to save', () => {
    expect(afterConnection(answer(store(82222)), withStore, { storeId: null })).toEqual({
      settings: { storeId: 82222 },
      next: 'It is chosen below: save to send orders to it.',
    });
  });
  it('keeps the chosen store when the test finds it', () => {
    expect(afterConnection(answer(store(1), store(2)), withStore, { storeId: 2 })).toEqual({
      settings: { storeId: 2 },
      next: null,
    });
  });
  it('leaves the choice among several stores to the owner, the saved one gone', () => {
    expect(afterConnection(answer(store(1), store(2)), withStore, { storeId: 9 })).toEqual({
      settings: { storeId: null },
      next: null,
    });
  });
  it('asks a lab without settings of its own only to save', () => {
    expect(afterConnection(answer(), { settingFields: [] }, {})).toEqual({
      settings: {},
      next: 'Save to keep these settings.',
    });
  });
});

describe('connectionText', () => {
  it('gives the lab’s answer, then the next step when there is one', () => {
    expect(connectionText(answer(), 'Save to keep these settings.')).toBe(
      'Connected. Save to keep these settings.',
    );
    expect(connectionText(answer(), null)).toBe('Connected.');
  });
});

describe('labFields', () => {
  it('puts the lab’s own settings after the key, in the form’s order', () => {
    expect(labFields(withStore)).toEqual([
      'enabled',
      'sandbox',
      'apiKey',
      'apiSecret',
      'storeId',
      'shippingMethod',
      'productionTime',
      'holdMinutes',
      'reviewBeforeSending',
      'minMarginPercent',
    ]);
  });
});
