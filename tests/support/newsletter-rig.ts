import { afterAll, beforeAll, beforeEach } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { RunningWorkers } from '../../workers/main';
import { appProcesses } from './app-processes';
import { mailHeader, startSmtpSink, type SmtpSink } from './smtp-sink';
import { startTcpProxy } from './tcp-proxy';
import { createTestApp, type TestApp } from './test-app';

// The newsletter's integration tests (newsletter.test.ts, newsletter-sending.test.ts): the app with
// its workers, an SMTP sink behind a proxy that can be cut, and the helpers both files use.

export const SHOP = 'https://shop.example';

export type NewsletterRig = {
  app: TestApp;
  sink: SmtpSink;
  smtp: Awaited<ReturnType<typeof startTcpProxy>>;
  workers: RunningWorkers;
  processes: ReturnType<typeof appProcesses>;
};

export async function startNewsletterRig(): Promise<NewsletterRig> {
  const sink = await startSmtpSink();
  // the SMTP server behind a proxy that can be cut: an outage the app cannot tell from a real one
  const smtp = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
  const app = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: SHOP,
    SITE_NAME: 'Refuge Light',
    OWNER_EMAIL: 'dana@refuge.example',
  });
  const workers = await app.startWorkers();
  return { app, sink, smtp, workers, processes: appProcesses() };
}

export async function stopNewsletterRig(rig: NewsletterRig | undefined): Promise<void> {
  await rig?.processes.stop();
  await rig?.app.close();
  await rig?.smtp.close();
  await rig?.sink.close();
}

/** The sign-up limit is per visitor, and every request here comes from 127.0.0.1: each test starts afresh. */
export async function resetSignUpLimit(app: TestApp): Promise<void> {
  const keys = await app.ctx.redis.keys(`${app.ctx.config.REDIS_PREFIX}:rl:newsletter-subscribe:*`);
  if (keys.length) await app.ctx.redis.del(...keys);
}

/** The https link of a mail's List-Unsubscribe header. */
export const unsubscribeUrl = (raw: string) =>
  /<(https:[^>]+)>/.exec(mailHeader(raw, 'List-Unsubscribe') ?? '')![1];

export const pathOf = (url: string) => url.slice(SHOP.length);

/** The helpers that read the rig a file's beforeAll started. */
export function newsletterHelpers(rig: () => NewsletterRig) {
  const db = (): Knex => rig().app.ctx.db;
  return {
    db,
    mailsTo: (address: string) => rig().sink.mails.filter((m) => m.to.includes(address)),
    subscribe: (email: unknown, source?: string) =>
      rig()
        .app.client()
        .post('/api/newsletter/subscribe', { email, ...(source ? { source } : {}) }),
    /**
     * Confirmed subscribers seeded as the sign-up would leave them (the form's limit is per
     * visitor), the only ones on the list: each send goes to these alone.
     */
    async seedConfirmed(prefix: string, n: number): Promise<string[]> {
      await db()('newsletter_subscribers').delete();
      const emails = Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
      await db()('newsletter_subscribers').insert(
        emails.map((email) => ({
          email,
          email_key: email,
          status: 'confirmed',
          source: 'footer',
          unsubscribe_salt: randomBytes(16).toString('hex'),
          confirmed_at: new Date(),
        })),
      );
      return emails;
    },
    async newCampaign(subject: string) {
      const admin = await rig().app.admin();
      const campaign = await admin.json<{ id: number }>(
        admin.post('/api/admin/newsletter/campaigns', {
          subject,
          html: '<p>New <strong>owls</strong>.</p><img src="/api/photos/1/image?v=2" alt="Owl"><img src="https://tracker.example/p.gif"><script>x</script>',
        }),
        201,
      );
      return { admin, id: campaign.id };
    },
    campaignJob: (id: number) => rig().app.ctx.queues.get('newsletter').getJob(`newsletter-campaign-${id}`),
  };
}

/**
 * A test file's rig: started before its tests, stopped after, the sign-up limit reset before each
 * test; `rig` is filled in by beforeAll (a test may swap its `workers`).
 */
export function useNewsletterRig() {
  const rig = {} as NewsletterRig;
  beforeAll(async () => {
    Object.assign(rig, await startNewsletterRig());
  }, 30_000);
  afterAll(() => stopNewsletterRig(rig.app ? rig : undefined));
  beforeEach(() => resetSignUpLimit(rig.app));
  return { rig, ...newsletterHelpers(() => rig) };
}
