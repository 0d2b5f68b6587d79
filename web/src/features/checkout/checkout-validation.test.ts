import { describe, expect, it } from 'vitest';
import { validateCheckoutDetails } from './checkout-validation';

describe('checkout details validation', () => {
  it('accepts complete details', () => {
    expect(
      validateCheckoutDetails({
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        shippingAddress: '12 Refuge Road\nWashington, DC 20001',
      }),
    ).toEqual({});
  });

  it('uses the spec texts for short names, bad e-mails and incomplete addresses', () => {
    expect(
      validateCheckoutDetails({ customerName: ' Al ', customerEmail: 'ada@', shippingAddress: '12 Road  ' }),
    ).toEqual({
      customerName: 'Name must be at least 3 characters',
      customerEmail: 'Please enter a valid email address',
      shippingAddress: 'Please enter your complete shipping address',
    });
  });
});
