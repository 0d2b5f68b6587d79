import { z } from 'zod';
import { emailAddress } from '../platform/http/input-rules';

export const contactMessages = {
  name: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  message: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be at most 5000 characters',
  sent: 'Message sent',
  tooMany: 'Too many messages. Please try again later.',
} as const;

export const contactSchema = z.object({
  name: z
    .string({ error: contactMessages.name })
    .trim()
    .min(2, contactMessages.name)
    .max(100, contactMessages.nameTooLong),
  email: emailAddress(contactMessages.email),
  message: z
    .string({ error: contactMessages.message })
    .trim()
    .min(10, contactMessages.message)
    .max(5000, contactMessages.messageTooLong),
});
export type ContactInput = z.output<typeof contactSchema>;

/** POST /api/contact: 201 with `contactMessages.sent`. */
export const contactResultSchema = z.object({ message: z.literal(contactMessages.sent) });

/**
 * The contact page's answer to a form post without JavaScript (POST /contact, the page's own
 * address): sent, or the visitor's values with each field's error (or one message for the form,
 * e.g. too many messages). The page is rendered with it (the `contactForm` RTK Query entry).
 */
export type ContactFormResult =
  | { sent: true }
  | {
      sent: false;
      values: Record<keyof ContactInput, string>;
      errors: Partial<Record<keyof ContactInput, string>>;
      message?: string;
    };
