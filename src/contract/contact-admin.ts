import { z } from 'zod';
import { id, wholeNumber } from '../platform/http/input-rules';

/**
 * The owner's inbox (contact messages, stored whether or not e-mail goes out) and the e-mail
 * set-up the admin warns about: mail goes to files under the outbox until SMTP_URL and
 * OWNER_EMAIL are set.
 */
export const inboxMessages = {
  limit: 'Limit must be a whole number from 1 to 200',
  read: 'Read must be true or false',
  notFound: 'No message with that id.',
} as const;

export const MESSAGES_PAGE_MAX = 200;

/** GET /api/admin/messages[?limit=&before=]: newest first; `before` = the last id already shown. */
export const messageListQuerySchema = z.object({
  limit: wholeNumber(inboxMessages.limit, 1, MESSAGES_PAGE_MAX).optional(),
  before: id('before').optional(),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** PATCH /api/admin/messages/{id}: marks the message read or unread again. */
export const messageReadSchema = z.object({
  read: z.boolean({ error: inboxMessages.read }),
});

export const inboxMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** ISO 8601; null while unread */
  readAt: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const inboxPageSchema = z.object({
  messages: inboxMessageSchema.array(),
  /** every message stored / unread ones, whatever page this is */
  total: z.number(),
  unread: z.number(),
  /** more, older messages exist: ask again with `before` = the last id here */
  hasMore: z.boolean(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** GET /api/admin/mail-status: whether e-mail goes out, and where it is kept when it does not. */
export const mailStatusSchema = z.object({
  smtpConfigured: z.boolean(),
  ownerEmailConfigured: z.boolean(),
  /** where unsent mail is written as .eml files (DATA_DIR/outbox/), as configured */
  outboxDir: z.string(),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;
