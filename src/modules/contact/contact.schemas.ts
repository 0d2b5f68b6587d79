import { z } from 'zod';

export const messages = {
  name: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  message: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be at most 5000 characters',
  sent: 'Message sent',
  tooMany: 'Too many messages. Please try again later.',
} as const;

export const contactSchema = z.object({
  name: z.string({ error: messages.name }).trim().min(2, messages.name).max(100, messages.nameTooLong),
  email: z
    .string({ error: messages.email })
    .trim()
    .max(254, messages.email)
    .pipe(z.email({ error: messages.email })),
  message: z
    .string({ error: messages.message })
    .trim()
    .min(10, messages.message)
    .max(5000, messages.messageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;
