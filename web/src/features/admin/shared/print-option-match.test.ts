import { describe, expect, it } from 'vitest';
import { matchingOption } from './print-option-match';

describe('matchingOption', () => {
  const option = (id: number, aspectRatio: string, size: string, format: string) => ({
    id,
    aspectRatio,
    size,
    format,
    price: 85,
    shipping: 10,
  });
  const catalogue = [
    option(7, '3:2', '12x18', 'Lustre Paper'),
    option(3, '3:2', '12x18', 'lustre paper'),
    option(4, '2:3', '12x18', 'Lustre Paper'),
    option(5, '3:2', '12x18', 'Metal'),
  ];

  it('matches ratio, size and format ignoring case, spaces and ×, the oldest first', () => {
    const wanted = { aspectRatio: ' 3:2 ', size: '12 X 18', format: 'LUSTRE  PAPER' };
    expect(matchingOption(catalogue, wanted)?.id).toBe(3);
    expect(matchingOption(catalogue, { ...wanted, size: '12×18' })?.id).toBe(3);
    expect(matchingOption(catalogue, { ...wanted, aspectRatio: '2:3' })?.id).toBe(4);
  });

  it("matches a size however it is written: '12x18 inch', '12 x 18 in' and '12\" x 18\"' are 12x18", () => {
    const wanted = { aspectRatio: '3:2', size: '12x18 inch', format: 'Lustre Paper' };
    expect(matchingOption(catalogue, wanted)?.id).toBe(3);
    expect(matchingOption(catalogue, { ...wanted, size: '12 x 18 in' })?.id).toBe(3);
    expect(matchingOption(catalogue, { ...wanted, size: '12" x 18"' })?.id).toBe(3);
    expect(matchingOption(catalogue, { ...wanted, size: '12x18 cm' })).toBeUndefined();
  });

  it('matches nothing for another size or format, or without a ratio', () => {
    const wanted = { aspectRatio: '3:2', size: '12x18', format: 'Lustre Paper' };
    expect(matchingOption(catalogue, { ...wanted, size: '12x16' })).toBeUndefined();
    expect(matchingOption(catalogue, { ...wanted, format: 'Canvas' })).toBeUndefined();
    expect(matchingOption(catalogue, { ...wanted, aspectRatio: '' })).toBeUndefined();
  });
});
