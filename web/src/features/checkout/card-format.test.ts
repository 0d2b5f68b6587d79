import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, validateCard } from './card-format';

describe('test card field formatting', () => {
  it('groups card digits in fours and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000 0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY once the year starts', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it('keeps at most four CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('checks only the shape of the card fields', () => {
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({});
    const errors = validateCard({ cardNumber: '4242', expiry: '13/34', cvc: '1' });
    expect(Object.keys(errors).sort()).toEqual(['cardNumber', 'cvc', 'expiry']);
  });
});
