import { z } from 'zod';
import { emailAddress } from '../platform/http/input-rules';

// A cart reminder (issue 49): one e-mail after a delay the owner sets, only with the buyer's
// consent, given at checkout with the box "E-mail me a reminder if I don't finish".

export const REMINDER_MIN_HOURS = 1;
export const REMINDER_MAX_HOURS = 72;
export const REMINDER_DEFAULT_HOURS = 24;

export const cartReminderMessages = {
  email: 'Please enter a valid email address',
  consent: 'Say whether you want a reminder (consent: true or false).',
  emptyCart: 'Your cart is empty: there is nothing to remind you of.',
  off: 'Cart reminders are turned off.',
  throttled: 'Too many requests. Please wait a few minutes and try again.',
  enabled: 'Say whether cart reminders are on (true or false).',
  delayHours: `Choose a delay of ${REMINDER_MIN_HOURS} to ${REMINDER_MAX_HOURS} hours (a whole number).`,
} as const;

/** `POST /api/cart/reminder`: consent given (true) or withdrawn (false) for the visitor's cart. */
export const cartReminderConsentSchema = z.object({
  email: emailAddress(cartReminderMessages.email),
  consent: z.boolean({ error: cartReminderMessages.consent }),
});
export type CartReminderConsent = z.output<typeof cartReminderConsentSchema>;

/** `GET` and `POST /api/cart/reminder`: whether the box is offered, and ticked for this cart. */
export const cartReminderStateSchema = z.object({ offered: z.boolean(), consented: z.boolean() });
export type CartReminderState = z.infer<typeof cartReminderStateSchema>;

/** `PUT /api/admin/cart-reminders/settings`. */
export const cartReminderSettingsInputSchema = z.object({
  enabled: z.boolean({ error: cartReminderMessages.enabled }),
  delayHours: z
    .number({ error: cartReminderMessages.delayHours })
    .int(cartReminderMessages.delayHours)
    .min(REMINDER_MIN_HOURS, cartReminderMessages.delayHours)
    .max(REMINDER_MAX_HOURS, cartReminderMessages.delayHours),
});
export type CartReminderSettingsInput = z.output<typeof cartReminderSettingsInputSchema>;

/** `GET/PUT /api/admin/cart-reminders/settings`: her settings and what reminders did (all time). */
export const cartReminderSettingsSchema = cartReminderSettingsInputSchema.extend({
  counts: z.object({
    /** consented, not yet sent */
    waiting: z.number().int(),
    sent: z.number().int(),
    /** paid after their reminder was sent */
    recovered: z.number().int(),
  }),
});
export type CartReminderSettings = z.infer<typeof cartReminderSettingsSchema>;
