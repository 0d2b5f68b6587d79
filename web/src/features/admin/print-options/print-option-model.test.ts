import { describe, expect, it } from 'vitest';
import { groupByRatio, validateDraft } from './print-option-model';

describe('print option rules', () => {
  it('uses the spec messages', () => {
    expect(
      validateDraft({ aspectRatio: '', size: '', format: '', price: '0', shipping: '-1' }, true),
    ).toEqual({
      aspectRatio: 'Aspect ratio is required',
      size: 'Size is required',
      format: 'Format is required',
      price: 'Price must be greater than 0',
      shipping: 'Shipping cannot be negative',
    });
  });

  it('does not ask for a ratio when editing', () => {
    expect(
      validateDraft({ aspectRatio: '', size: 'A', format: 'B', price: '1', shipping: '0' }, false),
    ).toEqual({});
  });
});

describe('groupByRatio', () => {
  it('groups by ratio in natural order and sorts by price', () => {
    const option = (id: number, aspectRatio: string, price: number) => ({
      id,
      aspectRatio,
      size: 's',
      format: 'f',
      price,
      shipping: 0,
    });
    const groups = groupByRatio([option(1, '3:2', 150), option(2, '16:9', 80), option(3, '3:2', 95)]);
    expect(groups.map((g) => g.ratio)).toEqual(['3:2', '16:9']);
    expect(groups[0].options.map((o) => o.id)).toEqual([3, 1]);
  });
});
