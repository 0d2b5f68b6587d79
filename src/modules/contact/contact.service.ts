import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import type { Mail } from '../../platform/mailer';
import type { ContactRepository } from './contact.repository';
import type { ContactInput } from './contact.schemas';

type Deps = {
  repo: ContactRepository;
  config: Pick<Config, 'OWNER_EMAIL' | 'SITE_NAME' | 'publicUrl'>;
  logger: Logger;
  /** Queues the send of an outbox e-mail (after commit). */
  enqueueEmail: (emailId: number) => Promise<void>;
};

export function createContactService({ repo, config, logger, enqueueEmail }: Deps) {
  let warnedNoOwner = false;

  return {
    /**
     * Stores the message and, in the same transaction, the e-mail to the owner; the send is
     * queued after commit. If queueing fails the message and e-mail are safe: the sweeper
     * queues every unsent e-mail again.
     */
    async submit(input: ContactInput, ip: string | null): Promise<{ id: number; emailId: number | null }> {
      const owner = config.OWNER_EMAIL;
      const result = await repo.transaction(async (tx) => {
        const id = await repo.insertMessage({ ...input, ip }, tx);
        if (!owner) return { id, emailId: null };
        const mail = contactEmail(input, {
          to: owner,
          siteName: config.SITE_NAME,
          publicUrl: config.publicUrl,
        });
        const emailId = await repo.writeEmail(tx, { ...mail, dedupeKey: `contact-${id}` });
        return { id, emailId };
      });
      if (!owner && !warnedNoOwner) {
        warnedNoOwner = true;
        logger.warn('OWNER_EMAIL is not set: contact messages are stored but not e-mailed');
      }
      if (result.emailId !== null) {
        await enqueueEmail(result.emailId).catch((err) =>
          logger.warn(
            { err, emailId: result.emailId },
            'could not queue the contact e-mail; the sweeper will',
          ),
        );
      }
      return result;
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
