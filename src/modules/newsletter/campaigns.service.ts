import type { Job } from 'bullmq';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/app-error';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import { runAgainAt, type JobOutcome } from '../../platform/queue';
import {
  newsletterMessages as messages,
  type NewsletterCampaign,
  type NewsletterCampaignInput,
} from '../../contract';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository';
import { campaignMail, type MailLinks } from './newsletter-emails';
import { sanitizeNewsletterHtml } from './newsletter-html';
import { SAMPLE_UNSUBSCRIBE_PATH } from './subscriptions.service';

/** At most this many e-mails are written to the outbox by one run of the send job. */
const BATCH = 50;
const HOUR_MS = 3_600_000;

export type CampaignDeps = {
  repo: CampaignsRepository;
  /** a subscriber's links (the unsubscribe link is made from its id and salt) */
  linksFor(subscriber: { id: number; unsubscribeSalt: string }): MailLinks;
};

/**
 * The owner's "new work" e-mails: a draft, its preview and test, and the send to every confirmed
 * subscriber at her rate (per hour), resumable. Starting a send writes one delivery row per
 * subscriber; the job `newsletter/send-campaign` claims the next ones the rate allows and writes
 * their e-mails to the outbox in one transaction (under the campaign's row lock: one run at a
 * time), then runs again when the rate allows more (`runAgainAt`, its job id kept). A killed
 * worker loses its uncommitted batch whole; the outbox sends each written e-mail once; the sweep
 * queues a sending campaign whose job was lost.
 */
export function createCampaignsService(ctx: AppContext, deps: CampaignDeps) {
  const { repo } = deps;
  const clean = (input: NewsletterCampaignInput) => ({
    subject: input.subject,
    html: sanitizeNewsletterHtml(input.html, ctx.config.publicUrl),
  });
  const found = async (id: number) => {
    const row = await repo.find(id);
    if (!row) throw notFound('That e-mail does not exist.');
    return row;
  };

  /** When the rate allows the next e-mail (now, or when the oldest of the last hour's is an hour old). */
  async function nextSendAt(id: number, rate: number): Promise<number> {
    const { count, oldest } = await repo.lastHour(ctx.db, id);
    return count < rate || !oldest ? Date.now() : oldest.getTime() + HOUR_MS + 1000;
  }

  const queueSend = async (campaignId: number, at = Date.now()) =>
    ctx.queues.enqueueOnce(
      'newsletter',
      'send-campaign',
      { campaignId },
      `newsletter-campaign-${campaignId}`,
      Math.max(0, at - Date.now()),
    );

  /** One run: the next e-mails the rate allows, written to the outbox with their claims. */
  async function sendBatch(id: number): Promise<{ written: number[]; again: number | null }> {
    const result = await ctx.db.transaction(async (trx) => {
      if ((await repo.lockStatus(trx, id)) !== 'sending') return null;
      const campaign = (await repo.find(id, trx))!;
      const rate = campaign.ratePerHour ?? 1;
      const { count } = await repo.lastHour(trx, id);
      const claimed = await repo.claim(trx, id, Math.min(BATCH, Math.max(0, rate - count)));
      const written: number[] = [];
      for (const d of claimed) {
        const emailId = await writeEmail(trx, {
          ...campaignMail(d.email, campaign, deps.linksFor({ id: d.subscriberId, unsubscribeSalt: d.salt })),
          dedupeKey: `newsletter-${id}-${d.subscriberId}`,
        });
        if (emailId) written.push(emailId);
      }
      const left = await repo.remaining(trx, id);
      if (!left) await repo.finish(trx, id);
      return { written, left, rate };
    });
    if (!result) return { written: [], again: null };
    return { written: result.written, again: result.left ? await nextSendAt(id, result.rate) : null };
  }

  return {
    list: async (): Promise<NewsletterCampaign[]> => (await repo.list()).map(view),
    get: async (id: number) => view(await found(id)),
    async create(input: NewsletterCampaignInput): Promise<NewsletterCampaign> {
      return view(await found(await repo.create(clean(input))));
    },
    async update(id: number, input: NewsletterCampaignInput): Promise<NewsletterCampaign> {
      await found(id);
      if (!(await repo.update(id, clean(input)))) throw conflict(messages.notDraft);
      return view(await found(id));
    },
    /** A draft she no longer wants; one being sent or sent stays (its deliveries are its record). */
    async remove(id: number): Promise<void> {
      await found(id);
      if (!(await repo.removeDraft(id))) throw conflict(messages.notDeletable);
    },
    /** The e-mail as a subscriber gets it, with a sample unsubscribe link. */
    async preview(id: number) {
      const c = await found(id);
      const mail = campaignMail('', c, sampleLinks(ctx));
      return { subject: mail.subject, html: mail.html, text: mail.text };
    },
    /** A copy to her (or the address she typed), now; its links are samples. */
    async sendTest(id: number, to: string): Promise<void> {
      const c = await found(id);
      const emailId = await writeEmail(ctx.db, {
        ...campaignMail(to, { ...c, subject: `[Test] ${c.subject}` }, sampleLinks(ctx)),
        dedupeKey: `newsletter-test-${id}-${Date.now()}`,
      });
      if (emailId) await enqueueEmail(ctx.queues, emailId);
    },
    /** Starts the send to every confirmed subscriber at `ratePerHour`. */
    async send(id: number, ratePerHour: number): Promise<NewsletterCampaign> {
      await found(id);
      await ctx.db.transaction(async (trx) => {
        if ((await repo.lockStatus(trx, id)) !== 'draft') throw conflict(messages.notDraft);
        const total = await repo.start(trx, id, ratePerHour);
        if (!total) throw conflict(messages.noSubscribers);
      });
      await queueSend(id);
      ctx.logger.info({ campaignId: id, ratePerHour }, 'newsletter: sending started');
      return view(await found(id));
    },
    /** The job: a batch, then the same job again when the rate allows more. */
    async run(id: number, job: Job): Promise<JobOutcome> {
      const { written, again } = await sendBatch(id);
      for (const emailId of written)
        await enqueueEmail(ctx.queues, emailId).catch((err: unknown) =>
          ctx.logger.warn({ err, emailId }, 'newsletter e-mail not queued'),
        );
      if (again !== null) {
        ctx.logger.info({ campaignId: id, written: written.length }, 'newsletter: batch written');
        return runAgainAt(job, again);
      }
      return { outcome: written.length ? 'done' : 'skipped', detail: `${written.length} e-mails written` };
    },
    /** The maintenance sweep: a sending campaign whose job was lost is queued again, at its time. */
    async sweep(): Promise<number> {
      const ids = await repo.sendingIds();
      for (const id of ids) {
        const c = await repo.find(id);
        if (c) await queueSend(id, await nextSendAt(id, c.ratePerHour ?? 1));
      }
      return ids.length;
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;

const sampleLinks = (ctx: AppContext): MailLinks => ({
  siteName: ctx.config.SITE_NAME,
  shopUrl: `${ctx.config.publicUrl}/`,
  // no subscriber's: its page says it is a sample and that nothing changed
  unsubscribeUrl: `${ctx.config.publicUrl}${SAMPLE_UNSUBSCRIBE_PATH}`,
});

const view = (r: CampaignRow): NewsletterCampaign => ({
  id: r.id,
  subject: r.subject,
  html: r.html,
  status: r.status,
  ratePerHour: r.ratePerHour,
  total: r.total,
  sent: r.sent,
  createdAt: r.createdAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});
