import { z } from 'zod';
import { decimal, id, wholeNumber } from '../../platform/http/validate';

export const paymentStatuses = [
  'pending',
  'processing',
  'paid',
  'failed',
  'canceled',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const fulfillmentStatuses = ['received', 'paid', 'shipped', 'completed', 'canceled'] as const;
export type FulfillmentStatus = (typeof fulfillmentStatuses)[number];

export const messages = {
  name: 'Name must be at least 3 characters',
  nameTooLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  address: 'Please enter your complete shipping address',
  addressTooLong: 'The shipping address must be at most 1000 characters',
  usOnly: 'We ship to US addresses only.',
  total: 'The total must be at least $0.01',
  emptyCart: 'Your cart is empty.',
  quantity: 'Quantity must be between 1 and 99',
  unavailable: 'That print option is not available for this photo.',
  priceChanged: 'Prices have changed since you added these prints. Please review your cart.',
  orderNotFound: 'Order not found.',
  noLongerAvailable: 'One of the prints in your cart is no longer available. Please review your cart.',
  fulfillment: 'Fulfillment status must be one of received, paid, shipped, completed, canceled.',
  carrier: 'Carrier must be one of USPS, UPS, FedEx, DHL, other.',
  trackingNumber: 'The tracking number must be at most 100 letters, digits, spaces or dashes.',
} as const;

export const checkoutItemSchema = z.object({
  photoId: id('Photo', { invalid: 'Photo is required' }),
  printOptionId: id('Print option', { invalid: 'Print option is required' }),
  quantity: wholeNumber(messages.quantity, 1, 99),
});

export const checkoutSchema = z.object({
  customerName: z
    .string({ error: messages.name })
    .trim()
    .min(3, messages.name)
    .max(100, messages.nameTooLong)
    // a name is one line: keeps e-mail subjects and CSV rows clean
    .transform((s) => s.replace(/\s+/g, ' ')),
  customerEmail: z
    .string({ error: messages.email })
    .trim()
    .max(254, messages.email)
    .pipe(z.email({ error: messages.email })),
  shippingAddress: z
    .string({ error: messages.address })
    .trim()
    .min(10, messages.address)
    .max(1000, messages.addressTooLong)
    .transform((s) => s.replace(/\r\n?/g, '\n')),
  totalAmount: decimal(messages.total).pipe(z.number().min(0.01, messages.total)),
  items: z.array(checkoutItemSchema, { error: messages.emptyCart }).min(1, messages.emptyCart).max(100),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const carriers = ['USPS', 'UPS', 'FedEx', 'DHL', 'other'] as const;
export type Carrier = (typeof carriers)[number];

export const fulfillmentSchema = z.object({
  fulfillmentStatus: z.enum(fulfillmentStatuses, { error: messages.fulfillment }),
  // both optional: sent by the shipping dialog; absent keeps what the order has
  carrier: z.enum(carriers, { error: messages.carrier }).nullable().optional(),
  trackingNumber: z
    .string({ error: messages.trackingNumber })
    .trim()
    .max(100, messages.trackingNumber)
    .regex(/^[A-Za-z0-9 -]*$/, messages.trackingNumber)
    .nullable()
    .optional(),
});

export const orderListQuerySchema = z.object({
  fulfillmentStatus: z.enum(fulfillmentStatuses, { error: messages.fulfillment }).optional(),
  q: z.string().trim().max(200).optional(),
  disputed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const statusTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

// Countries we recognise on an address's last line. US territories ship domestically, so they are
// not here; neither are names that are also US states or common US place lines (Georgia, Jordan).
// prettier-ignore
const otherCountries = [
  'afghanistan', 'albania', 'algeria', 'andorra', 'angola', 'argentina', 'armenia', 'australia', 'austria',
  'azerbaijan', 'bahamas', 'bahrain', 'bangladesh', 'barbados', 'belarus', 'belgium', 'belize', 'benin',
  'bermuda', 'bhutan', 'bolivia', 'bosnia and herzegovina', 'botswana', 'brazil', 'brasil', 'brunei',
  'bulgaria', 'cambodia', 'cameroon', 'canada', 'cayman islands', 'chile', 'china',
  "people's republic of china", 'colombia', 'costa rica', 'croatia', 'cuba', 'cyprus', 'czech republic',
  'czechia', 'denmark', 'danmark', 'deutschland', 'dominican republic', 'ecuador', 'egypt', 'el salvador',
  'england', 'estonia', 'ethiopia', 'fiji', 'finland', 'france', 'germany', 'ghana', 'great britain',
  'greece', 'greenland', 'guatemala', 'haiti', 'honduras', 'hong kong', 'hungary', 'iceland', 'india',
  'indonesia', 'iran', 'iraq', 'ireland', 'israel', 'italy', 'italia', 'jamaica', 'japan', 'kazakhstan',
  'kenya', 'korea', 'south korea', 'republic of korea', 'kuwait', 'latvia', 'lithuania', 'luxembourg',
  'macau', 'malaysia', 'malta', 'mexico', 'méxico', 'monaco', 'mongolia', 'morocco', 'nepal',
  'netherlands', 'the netherlands', 'nederland', 'holland', 'new zealand', 'nicaragua', 'nigeria',
  'northern ireland', 'norway', 'norge', 'oman', 'pakistan', 'panama', 'paraguay', 'peru', 'philippines',
  'poland', 'polska', 'portugal', 'qatar', 'romania', 'russia', 'russian federation', 'saudi arabia',
  'scotland', 'serbia', 'singapore', 'slovakia', 'slovenia', 'south africa', 'spain', 'españa', 'espana',
  'sri lanka', 'sweden', 'sverige', 'switzerland', 'schweiz', 'suisse', 'taiwan', 'tanzania', 'thailand',
  'trinidad and tobago', 'tunisia', 'turkey', 'türkiye', 'turkiye', 'uganda', 'uk', 'u.k', 'ukraine',
  'united arab emirates', 'uae', 'united kingdom', 'uruguay', 'venezuela', 'vietnam', 'viet nam', 'wales',
  'zambia', 'zimbabwe', 'österreich', 'osterreich',
];
const otherCountrySet = new Set(otherCountries);

/**
 * US only: an address whose last line (or the last comma-separated part of a one-line address)
 * names another country is refused. Anything else, i.e. every normal US address, passes.
 */
export function namesAnotherCountry(address: string): boolean {
  const lines = address
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines[lines.length - 1] ?? '';
  const lastPart = last.split(',').pop() ?? '';
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\s.]+$/g, '')
      .replace(/^[\s.]+/g, '')
      .replace(/\s+/g, ' ');
  return [last, lastPart].some((s) => otherCountrySet.has(norm(s)));
}
