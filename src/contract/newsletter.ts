import { z } from 'zod';
import { emailAddress, hasControlCharacters, wholeNumber } from '../platform/http/input-rules';

export const newsletterMessages = {
  email: 'Please enter a valid email address',
  // the same answer whether the address was new, waiting, subscribed or unsubscribed: no enumeration
  subscribed: 'Thank you! Please check your e-mail and confirm your subscription.',
  tooMany: 'Too many sign-ups. Please try again later.',
  subject: 'Enter a subject of 1 to 200 characters, on one line.',
  body: 'Write the e-mail (at most 200,000 characters).',
  rate: 'Enter a rate of 1 to 10,000 e-mails an hour.',
  notDraft: 'This e-mail has already been sent.',
  notDeletable: 'This e-mail is being sent or has been sent, so it cannot be deleted.',
  noSubscribers: 'There are no confirmed subscribers yet.',
} as const;

/** An address as typed, refused whole with a line break or another control character in it (even at its end). */
const address = z
  .string({ error: newsletterMessages.email })
  .refine((v) => !hasControlCharacters(v), newsletterMessages.email)
  .pipe(emailAddress(newsletterMessages.email));

/** Where a sign-up came from: the footer's form, or the order page's box after a purchase. */
export const newsletterSources = ['footer', 'order'] as const;

/** POST /api/newsletter/subscribe (and the footer's form without JavaScript). */
export const newsletterSubscribeSchema = z.object({
  email: address,
  source: z.enum(newsletterSources).default('footer'),
});
export type NewsletterSubscribeInput = z.output<typeof newsletterSubscribeSchema>;

export const newsletterSubscribeResultSchema = z.object({
  message: z.literal(newsletterMessages.subscribed),
});

// ---- the owner's side ----

/** A draft: the subject and the editor's HTML (sanitized on write; her photos as images). */
export const newsletterCampaignInputSchema = z.object({
  subject: z
    .string({ error: newsletterMessages.subject })
    .refine((v) => !hasControlCharacters(v), newsletterMessages.subject)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, newsletterMessages.subject).max(200, newsletterMessages.subject)),
  html: z.string({ error: newsletterMessages.body }).max(200_000, newsletterMessages.body),
});
export type NewsletterCampaignInput = z.output<typeof newsletterCampaignInputSchema>;

export const newsletterSendSchema = z.object({
  ratePerHour: wholeNumber(newsletterMessages.rate, 1, 10_000),
});

export const newsletterTestSchema = z.object({ to: address });

export const newsletterCampaignSchema = z.object({
  id: z.number(),
  subject: z.string(),
  html: z.string(),
  status: z.enum(['draft', 'sending', 'sent']),
  ratePerHour: z.number().nullable(),
  /** addresses it goes to (sent + still to send; one gone meanwhile is not counted) */
  total: z.number(),
  sent: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type NewsletterCampaign = z.infer<typeof newsletterCampaignSchema>;

export const newsletterCampaignListSchema = z.object({
  campaigns: newsletterCampaignSchema.array(),
  /** where "Send a test" goes unless she types another address (OWNER_EMAIL), or null */
  ownerEmail: z.string().nullable(),
});

/** The e-mail as a subscriber gets it (a sample unsubscribe link). */
export const newsletterPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

export const newsletterSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed']),
  source: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

export const newsletterSubscriberQuerySchema = z.object({
  page: wholeNumber('Enter a page number.', 1, 100_000).default(1),
});

export const newsletterSubscriberListSchema = z.object({
  subscribers: newsletterSubscriberSchema.array(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.object({ confirmed: z.number(), pending: z.number(), suppressed: z.number() }),
});
export type NewsletterSubscriberList = z.infer<typeof newsletterSubscriberListSchema>;

/** DELETE a subscriber: `suppress` also puts the address on the never-again list (the default). */
export const newsletterDeleteQuerySchema = z.object({
  suppress: z.enum(['true', 'false']).default('true'),
});

export const newsletterMessageSchema = z.object({ message: z.string() });
