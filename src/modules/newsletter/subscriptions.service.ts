import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import type { NewsletterSubscribeInput, NewsletterSubscriberList } from '../../contract';
import { confirmationMail, type MailLinks } from './newsletter-emails';
import { normalisedAddress, type NewsletterTokens } from './newsletter-tokens';
import type { SubscriberRow, SubscribersRepository } from './subscribers.repository';

/** Unconfirmed sign-ups are deleted this many days after they were made (the maintenance sweep). */
export const PENDING_DAYS = 7;
/** At most one confirmation e-mail per address in this time, however often it is signed up. */
const CONFIRM_EVERY_MS = 10 * 60 * 1000;
const PAGE_SIZE = 50;

export const UNSUBSCRIBE_PATH = '/unsubscribe';
export const CONFIRM_PATH = '/newsletter/confirm';
/** The unsubscribe link of a preview or test e-mail: it names no subscriber (its page says so). */
export const SAMPLE_UNSUBSCRIBE_PATH = `${UNSUBSCRIBE_PATH}/sample`;

/**
 * Who gets the newsletter: a sign-up is double opt-in (a confirmation e-mail; only a confirmed
 * address gets the newsletter), an unsubscribed address goes on the suppression list (a keyed hash)
 * and is never mailed again, whoever signs it up, and the visitor's answer is the same whatever the
 * address's state (no one learns who subscribed).
 */
export function createSubscriptionsService(
  ctx: AppContext,
  deps: { repo: SubscribersRepository; tokens: NewsletterTokens },
) {
  const { repo, tokens } = deps;
  const url = (path: string) => `${ctx.config.publicUrl}${path}`;
  const linksFor = (s: { id: number; unsubscribeSalt: string }): MailLinks => ({
    siteName: ctx.config.SITE_NAME,
    shopUrl: url('/'),
    unsubscribeUrl: url(`${UNSUBSCRIBE_PATH}/${tokens.unsubscribeToken(s.id, s.unsubscribeSalt)}`),
  });

  async function subscribe({ email, source }: NewsletterSubscribeInput): Promise<void> {
    // a suppressed address gets nothing at all, not even a confirmation (README: Newsletter)
    if (await repo.isSuppressed(tokens.suppressionHash(email))) return;
    const emailId = await ctx.db.transaction(async (trx) => {
      const { subscriber } = await repo.lockOrCreate(trx, {
        email,
        emailKey: normalisedAddress(email),
        source,
        salt: tokens.newSalt(),
      });
      if (subscriber.status === 'confirmed') return null;
      const last = subscriber.confirmSentAt?.getTime() ?? 0;
      if (Date.now() - last < CONFIRM_EVERY_MS) return null;
      const token = tokens.newConfirmToken();
      await repo.setConfirmToken(trx, subscriber.id, tokens.confirmHash(token)!);
      return writeEmail(trx, {
        ...confirmationMail(subscriber.email, url(`${CONFIRM_PATH}/${token}`), linksFor(subscriber)),
        dedupeKey: `newsletter-confirm-${subscriber.id}-${token.slice(0, 16)}`,
      });
    });
    // a lost enqueue is the outbox sweeper's to redo
    if (emailId)
      await enqueueEmail(ctx.queues, emailId).catch((err: unknown) =>
        ctx.logger.warn({ err, emailId }, 'newsletter confirmation not queued'),
      );
  }

  /** Puts the address on the suppression list and deletes its row (in one transaction). */
  async function unsubscribeRow(row: SubscriberRow): Promise<void> {
    await ctx.db.transaction(async (trx) => {
      await repo.suppress(trx, tokens.suppressionHash(row.email));
      await repo.remove(trx, row.id);
    });
  }

  return {
    subscribe,
    linksFor,
    /** The confirmation link: 'confirmed' (again, too), or 'unknown' (wrong, or deleted after 7 days). */
    async confirm(token: string): Promise<'confirmed' | 'unknown'> {
      const hash = tokens.confirmHash(token);
      return hash && (await repo.confirm(hash)) ? 'confirmed' : 'unknown';
    },
    /** Is this a link we made (its subscriber may be gone already: then it has been used)? */
    isUnsubscribeToken: (token: string) => tokens.unsubscribeId(token) !== null,
    /**
     * An unsubscribe link, used (the page's button or a mail client's one-click POST): the address
     * suppressed and its row gone. A link whose row is gone was used before: nothing to do.
     */
    async unsubscribe(token: string): Promise<void> {
      const id = tokens.unsubscribeId(token);
      const row = id ? await repo.findById(id) : undefined;
      if (!row || !tokens.unsubscribeMatches(token, row.id, row.unsubscribeSalt)) return;
      await unsubscribeRow(row);
      ctx.logger.info({ subscriberId: row.id }, 'newsletter: unsubscribed');
    },
    /** The maintenance sweep: sign-ups never confirmed, deleted after 7 days. */
    sweepPending: () => repo.deletePendingOlderThan(PENDING_DAYS),

    // ---- the owner's ----
    async list(page: number): Promise<NewsletterSubscriberList> {
      const [{ rows, total }, counts, suppressed] = await Promise.all([
        repo.page(page, PAGE_SIZE),
        repo.counts(),
        repo.suppressedCount(),
      ]);
      return {
        subscribers: rows.map(view),
        total,
        page,
        pageSize: PAGE_SIZE,
        counts: { ...counts, suppressed },
      };
    },
    /** A subscriber deleted (she was asked to); `suppress`: the address is never mailed again either. */
    async remove(id: number, suppress: boolean): Promise<void> {
      const row = await repo.findById(id);
      if (!row) throw notFound('That subscriber is not on the list.');
      if (suppress) return unsubscribeRow(row);
      await repo.remove(ctx.db, id);
    },
    /** Every subscriber as CSV (what the owner keeps of them: address, status, source, dates). */
    async csv(): Promise<string> {
      // a cell a spreadsheet would read as a formula starts with ' (an address may begin with =)
      const cell = (raw: string) => {
        const v = /^[=+\-@\t]/.test(raw) ? `'${raw}` : raw;
        return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
      };
      const lines = (await repo.all()).map((r) =>
        [r.email, r.status, r.source, r.createdAt.toISOString(), r.confirmedAt?.toISOString() ?? '']
          .map(cell)
          .join(','),
      );
      return ['email,status,source,signed_up_at,confirmed_at', ...lines].join('\r\n') + '\r\n';
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

const view = (r: SubscriberRow) => ({
  id: r.id,
  email: r.email,
  status: r.status,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  confirmedAt: r.confirmedAt?.toISOString() ?? null,
});
