import path from 'node:path';
import type { Config } from '../../config';
import { notFound } from '../../platform/http/app-error';
import { escapeHtml } from '../../platform/html';
import type { Logger } from '../../platform/logger';
import type { Mail } from '../../platform/mailer';
import type { ContactRepository, Tx } from './contact.repository';
import type { ContactMessage } from './contact-message.model';
import {
  inboxMessages,
  type ContactInput,
  type InboxMessage,
  type InboxPage,
  type MailStatus,
  type MessageListQuery,
} from '../../contract';

const PAGE_SIZE = 50;

type Deps = {
  repo: ContactRepository;
  config: Pick<Config, 'OWNER_EMAIL' | 'SMTP_URL' | 'DATA_DIR' | 'SITE_NAME' | 'publicUrl'>;
  logger: Logger;
  /** Publishes 'contact.received' in the transaction that stores the message. */
  messageReceived(tx: Tx, messageId: number): Promise<unknown>;
  /** Queues the send of an outbox e-mail (after commit). */
  enqueueEmail: (emailId: number) => Promise<void>;
};

export function createContactService({ repo, config, logger, messageReceived, enqueueEmail }: Deps) {
  let warnedNoOwner = false;

  return {
    /** Stores the message and, in the same transaction, publishes contact.received. */
    async submit(input: ContactInput, ip: string | null): Promise<{ id: number }> {
      const id = await repo.transaction(async (tx) => {
        const messageId = await repo.insertMessage({ ...input, ip }, tx);
        await messageReceived(tx, messageId);
        return messageId;
      });
      return { id };
    },

    /**
     * On contact.received: the owner's copy goes to the e-mail outbox in the publisher's
     * transaction (it exists when the visitor sees 'Message sent') and is queued after the
     * commit; if queueing fails the sweeper queues every unsent e-mail again.
     */
    async mailOwner(messageId: number, tx: Tx, afterCommit: (fn: () => Promise<unknown>) => void) {
      const owner = config.OWNER_EMAIL;
      if (!owner) {
        if (!warnedNoOwner)
          logger.warn('OWNER_EMAIL is not set: contact messages are stored but not e-mailed');
        warnedNoOwner = true;
        return;
      }
      const msg = await repo.findMessage(messageId, tx);
      if (!msg) throw new Error(`contact message ${messageId} not found`);
      const mail = contactEmail(msg, { to: owner, siteName: config.SITE_NAME, publicUrl: config.publicUrl });
      const emailId = await repo.writeEmail(tx, { ...mail, dedupeKey: `contact-${messageId}` });
      if (emailId !== null) afterCommit(() => enqueueEmail(emailId));
    },

    /** The owner's inbox, newest first, with the counts the admin bar shows. */
    async inbox(query: MessageListQuery): Promise<InboxPage> {
      const limit = query.limit ?? PAGE_SIZE;
      // one more than asked tells whether an older page exists
      const [rows, counts] = await Promise.all([
        repo.listMessages({ limit: limit + 1, before: query.before }),
        repo.countMessages(),
      ]);
      return {
        messages: rows.slice(0, limit).map(toInboxMessage),
        total: counts.total,
        unread: counts.unread,
        hasMore: rows.length > limit,
      };
    },

    unreadCount: async (): Promise<{ unread: number }> => ({ unread: await repo.countUnread() }),

    async setRead(id: number, read: boolean): Promise<InboxMessage> {
      const row = await repo.setRead(id, read);
      if (!row) throw notFound(inboxMessages.notFound);
      return toInboxMessage(row);
    },

    /** What the admin's e-mail banner says: unset SMTP_URL means mail is written to files. */
    mailStatus(): MailStatus {
      return {
        smtpConfigured: Boolean(config.SMTP_URL),
        ownerEmailConfigured: Boolean(config.OWNER_EMAIL),
        outboxDir: `${path.join(config.DATA_DIR, 'outbox')}/`,
      };
    },
  };
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toInboxMessage(row: ContactMessage): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: iso(row.createdAt),
    readAt: row.readAt ? iso(row.readAt) : null,
  };
}
export type ContactService = ReturnType<typeof createContactService>;

/** The owner's copy of a contact message: reply-to is the sender, HTML and plain text. */
export function contactEmail(
  input: ContactInput,
  opts: { to: string; siteName: string; publicUrl: string },
): Mail {
  // a header line: no control characters, whatever the name holds
  const oneLine = input.name
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim();
  const name = escapeHtml(oneLine);
  const email = escapeHtml(input.email);
  const body = escapeHtml(input.message).replace(/\r?\n/g, '<br>\n');
  const site = escapeHtml(opts.siteName);
  return {
    to: opts.to,
    replyTo: input.email,
    subject: `New message from ${oneLine}`,
    html: `<!doctype html>
<html><body style="font-family: Georgia, serif; color: #2b2b2b; line-height: 1.5">
<h2 style="font-weight: normal">New message from ${name}</h2>
<p><strong>Name:</strong> ${name}<br>
<strong>Email:</strong> <a href="mailto:${email}">${email}</a></p>
<p style="border-left: 3px solid #c9c2b2; padding-left: 12px">${body}</p>
<p style="color: #777; font-size: 13px">Sent from the contact form on ${site}. Reply to this e-mail to answer ${name}.</p>
</body></html>`,
    text: [
      `New message from ${oneLine}`,
      '',
      `Name: ${oneLine}`,
      `Email: ${input.email}`,
      '',
      input.message,
      '',
      '--',
      `Sent from the contact form on ${opts.siteName} (${opts.publicUrl}). Reply to this e-mail to answer ${oneLine}.`,
    ].join('\n'),
  };
}
