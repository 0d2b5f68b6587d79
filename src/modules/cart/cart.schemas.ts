import { z } from 'zod';
import { id, numberIn } from '../../platform/http/validate';

export const MAX_QUANTITY = 99;

const quantity = numberIn(
  z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, `Quantity can be at most ${MAX_QUANTITY}`),
);

export const addToCartSchema = z.object({
  photoId: id('Photo'),
  printOptionId: id('Print option'),
  quantity: quantity.default(1),
});

export const updateCartLineSchema = z.object({ quantity });

export type AddToCartInput = z.infer<typeof addToCartSchema>;
