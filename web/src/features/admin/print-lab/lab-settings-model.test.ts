import { describe, expect, it } from 'vitest';
import { afterConnection, connectionText, storeText } from './lab-settings-model';

const store = (storeId: number, storeName = `Store ${storeId}`) => ({ storeId, storeName });
const answer = (...stores: ReturnType<typeof store>[]) => ({
  ok: true as const,
  message: 'Connected.',
  stores,
});

describe('afterConnection', () => {
  it('chooses the only store found, and says to save', () => {
    expect(afterConnection(answer(store(82222)), { usesStores: true, storeId: '' })).toEqual({
      storeId: 82222,
      next: 'It is chosen below: save to send orders to it.',
    });
  });
  it('keeps the chosen store when the test finds it', () => {
    expect(afterConnection(answer(store(1), store(2)), { usesStores: true, storeId: 2 })).toEqual({
      storeId: 2,
      next: null,
    });
  });
  it('leaves the choice among several stores to the owner, the saved one gone', () => {
    expect(afterConnection(answer(store(1), store(2)), { usesStores: true, storeId: 9 })).toEqual({
      storeId: '',
      next: null,
    });
  });
  it('asks a lab without stores only to save', () => {
    expect(afterConnection(answer(), { usesStores: false, storeId: '' })).toEqual({
      storeId: '',
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

describe('storeText', () => {
  it('names the store with its number, or only its number before a test has named it', () => {
    expect(storeText(store(82222, 'Wildframe Prints'))).toBe('Wildframe Prints (#82222)');
    expect(storeText(store(82222, ''))).toBe('Store #82222');
  });
});
