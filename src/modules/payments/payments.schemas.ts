import { z } from 'zod';
import { decimal, id } from '../../platform/http/validate';

export const createPaymentIntentSchema = z.object({
  orderId: id('Order', { invalid: 'Order is required' }),
  amount: decimal('Amount must be a number').pipe(z.number().positive('Amount must be positive')).optional(),
});

const field = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const testConfirmSchema = z.object({
  clientSecret: field('This payment session is not valid. Please start checkout again.', 200),
  cardNumber: field('Your card number is invalid.', 40),
  expiry: field("Your card's expiration date is invalid.", 10),
  cvc: field("Your card's security code is invalid.", 10),
  name: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
});

export const statusQuerySchema = z.object({
  secret: z.string({ error: 'Order not found.' }).min(1, 'Order not found.').max(300),
});
