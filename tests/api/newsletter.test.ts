import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { mailHeader, mailTextPart, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTcpProxy } from '../support/tcp-proxy';
import { appProcesses } from '../support/app-processes';
import { requeueStaleEmails } from '../../src/platform/outbox';
import type { RunningWorkers } from '../../workers/main';

// Issue 49, a newsletter they chose: double opt-in (a confirmation e-mail, confirmed by a button,
// unconfirmed addresses gone after 7 days), the same answer whatever the address's state, a send at
// her rate through the job queue that reaches each confirmed address exactly once through a killed
// worker, a lost job and an SMTP outage, one-click unsubscribe by POST without a session, and a
// suppression list no later sign-up gets past.

const SHOP = 'https://shop.example';
let app: TestApp;
let sink: SmtpSink;
let smtp: Awaited<ReturnType<typeof startTcpProxy>>;
let workers: RunningWorkers;
const processes = appProcesses();

beforeAll(async () => {
  sink = await startSmtpSink();
  // the SMTP server behind a proxy that can be cut: an outage the app cannot tell from a real one
  smtp = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(sink.url).port) });
  app = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: SHOP,
    SITE_NAME: 'Refuge Light',
    OWNER_EMAIL: 'dana@refuge.example',
  });
  workers = await app.startWorkers();
}, 30_000);
afterAll(async () => {
  await processes.stop();
  await app?.close();
  await smtp?.close();
  await sink?.close();
});

// the sign-up limit is per visitor, and every request here comes from 127.0.0.1: each test starts afresh
beforeEach(async () => {
  const keys = await app.ctx.redis.keys(`${app.ctx.config.REDIS_PREFIX}:rl:newsletter-subscribe:*`);
  if (keys.length) await app.ctx.redis.del(...keys);
});

const db = () => app.ctx.db;
const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));
const pathOf = (url: string) => url.slice(SHOP.length);
const subscribe = (email: unknown, source?: string) =>
  app.client().post('/api/newsletter/subscribe', { email, ...(source ? { source } : {}) });

/** The https link of a mail's List-Unsubscribe header. */
const unsubscribeUrl = (raw: string) => /<(https:[^>]+)>/.exec(mailHeader(raw, 'List-Unsubscribe') ?? '')![1];

/**
 * Confirmed subscribers seeded as the sign-up would leave them (the form's limit is per visitor),
 * the only ones on the list: each send goes to these alone.
 */
async function seedConfirmed(prefix: string, n: number): Promise<string[]> {
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
}

async function newCampaign(subject: string) {
  const admin = await app.admin();
  const campaign = await admin.json<{ id: number }>(
    admin.post('/api/admin/newsletter/campaigns', {
      subject,
      html: '<p>New <strong>owls</strong>.</p><img src="/api/photos/1/image?v=2" alt="Owl"><img src="https://tracker.example/p.gif"><script>x</script>',
    }),
    201,
  );
  return { admin, id: campaign.id };
}

const campaignJob = (id: number) => app.ctx.queues.get('newsletter').getJob(`newsletter-campaign-${id}`);

describe('signing up', () => {
  it('is double opt-in: a confirmation e-mail, confirmed only by its button, the token stored as a hash', async () => {
    const answer = await app.client().json<{ message: string }>(subscribe('Ann@example.com'), 202);
    expect(answer.message).toBe('Thank you! Please check your e-mail and confirm your subscription.');
    const mail = await eventually(async () => mailsTo('Ann@example.com')[0]);
    expect(mail.subject).toBe('Please confirm your subscription to Refuge Light');
    expect(unsubscribeUrl(mail.raw)).toMatch(/^https:\/\/shop\.example\/unsubscribe\/\d+\.[\w-]{43}$/);
    expect(mailHeader(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const text = mailTextPart(mail.raw);
    const confirmUrl = /https:\/\/shop\.example\/newsletter\/confirm\/[\w-]{43}/.exec(text)![0];
    expect(text).toContain(unsubscribeUrl(mail.raw)); // the visible way out
    const token = confirmUrl.split('/').pop()!;
    const row = await db()('newsletter_subscribers').where({ email_key: 'ann@example.com' }).first();
    expect(row.status).toBe('pending');
    expect(row.source).toBe('footer');
    expect(JSON.stringify(row)).not.toContain(token);

    // the link opened (a link scanner too) confirms nothing; its button does
    const page = await app.client().get(pathOf(confirmUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm my subscription');
    expect((await db()('newsletter_subscribers').where({ id: row.id }).first()).status).toBe('pending');
    const confirmed = await app.client().post(pathOf(confirmUrl), '');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You are subscribed');
    expect((await db()('newsletter_subscribers').where({ id: row.id }).first()).status).toBe('confirmed');
    expect((await app.client().post('/newsletter/confirm/' + 'x'.repeat(43), '')).status).toBe(404);

    // the same answer again, and nothing sent to a subscribed address
    expect(
      (await app.client().json<{ message: string }>(subscribe('ann@example.com', 'order'), 202)).message,
    ).toBe(answer.message);
    await new Promise((r) => setTimeout(r, 800));
    expect(mailsTo('Ann@example.com')).toHaveLength(1);
  });

  it('works without JavaScript: the footer form posts to a page that says the same', async () => {
    const res = await app.client().post('/newsletter/subscribe', 'email=bo%40example.com', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Please check your e-mail and confirm your subscription.');
    await eventually(async () => mailsTo('bo@example.com')[0]);
  });

  it('deletes addresses not confirmed within 7 days', async () => {
    await app.client().json(subscribe('late@example.com'), 202);
    await app.client().json(subscribe('recent@example.com'), 202);
    await db()('newsletter_subscribers')
      .where({ email_key: 'late@example.com' })
      .update({ created_at: db().raw("now() - interval '7 days 1 minute'") });
    await db()('newsletter_subscribers')
      .where({ email_key: 'recent@example.com' })
      .update({ created_at: db().raw("now() - interval '6 days'") });
    await app.modules.newsletter.sweep();
    const left = await db()('newsletter_subscribers').whereIn('email_key', [
      'late@example.com',
      'recent@example.com',
    ]);
    expect(left.map((r) => r.email_key)).toEqual(['recent@example.com']);
  });

  it('refuses bad addresses with 400 and stores or sends nothing', async () => {
    const before = await db()('newsletter_subscribers').count({ n: '*' }).first();
    for (const email of [
      'eve@example.com\nBcc: x@example.com',
      'eve@example.com\n',
      `${'a'.repeat(10_000)}@example.com`,
      42,
    ]) {
      const res = await app.client().post('/api/newsletter/subscribe', { email });
      expect(res.status, JSON.stringify(email).slice(0, 40)).toBe(400);
      expect((await res.json()).message).toBe('Please enter a valid email address');
    }
    expect((await subscribe('eve@example.com', 'elsewhere')).status).toBe(400);
    // the limit counts junk too: the 6th try in 10 minutes is refused before it is read
    expect((await subscribe('not an address')).status).toBe(429);
    await new Promise((r) => setTimeout(r, 500));
    expect(await db()('newsletter_subscribers').count({ n: '*' }).first()).toEqual(before);
    expect(sink.mails.filter((m) => m.to.some((to) => to.includes('eve')))).toEqual([]);
  });
});

describe('sending a new work e-mail', () => {
  it('keeps only her own images, previews, tests, and refuses a rate of 0 or 1e9 with nothing sent', async () => {
    const { admin, id } = await newCampaign('Bad rates');
    const stored = await admin.json<{ html: string }>(admin.get(`/api/admin/newsletter/campaigns/${id}`));
    expect(stored.html).toBe(
      '<p>New <strong>owls</strong>.</p><img src="https://shop.example/api/photos/1/image?v=2" alt="Owl" />',
    );
    const preview = await admin.json<{ html: string; text: string }>(
      admin.get(`/api/admin/newsletter/campaigns/${id}/preview`),
    );
    expect(preview.html).toContain('https://shop.example/api/photos/1/image?v=2');
    expect(preview.text).toContain('Unsubscribe: https://shop.example/unsubscribe/sample');
    await admin.json(
      admin.post(`/api/admin/newsletter/campaigns/${id}/test`, { to: 'dana@refuge.example' }),
      202,
    );
    const test = await eventually(async () => mailsTo('dana@refuge.example')[0]);
    expect(test.subject).toBe('[Test] Bad rates');
    expect(mailHeader(test.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // the test's sample link, opened or one-clicked by her mail client: a page that says so, nothing changed
    expect(unsubscribeUrl(test.raw)).toBe('https://shop.example/unsubscribe/sample');
    const listBefore = await db()('newsletter_subscribers').orderBy('id');
    const suppressedBefore = await db()('newsletter_suppressions').count({ n: '*' }).first();
    for (const method of ['GET', 'POST']) {
      const page = await fetch(`${app.url}/unsubscribe/sample`, {
        method,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'List-Unsubscribe=One-Click',
            }
          : {}),
      });
      expect(page.status, method).toBe(200);
      const text = await page.text();
      expect(text).toContain('<h1>This is a sample link</h1>');
      expect(text).toContain('from a preview or test of your newsletter, so nothing changed');
      expect(text).not.toContain('<button');
    }
    expect(await db()('newsletter_subscribers').orderBy('id')).toEqual(listBefore);
    expect(await db()('newsletter_suppressions').count({ n: '*' }).first()).toEqual(suppressedBefore);

    await seedConfirmed('rate-bad-', 1);
    for (const ratePerHour of [0, 1e9, 1.5, '', null]) {
      const res = await admin.post(`/api/admin/newsletter/campaigns/${id}/send`, { ratePerHour });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Enter a rate of 1 to 10,000 e-mails an hour.');
    }
    expect(
      (await admin.put(`/api/admin/newsletter/campaigns/${id}`, { subject: 'a\nb', html: '' })).status,
    ).toBe(400);
    expect((await db()('newsletter_campaigns').where({ id }).first()).status).toBe('draft');
    expect(await db()('newsletter_deliveries').where({ campaign_id: id })).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo('rate-bad-0@example.com')).toHaveLength(0);
  });

  it('sends at her rate: 2 an hour sends 2 now and runs again in an hour', async () => {
    const emails = await seedConfirmed('rate-', 3);
    const { admin, id } = await newCampaign('Rate of two');
    const started = await admin.json<{ status: string; total: number }>(
      admin.post(`/api/admin/newsletter/campaigns/${id}/send`, { ratePerHour: 2 }),
      202,
    );
    expect(started).toMatchObject({ status: 'sending', total: 3 });
    await eventually(async () => emails.filter((e) => mailsTo(e).length).length === 2);
    const job = await eventually(async () => {
      const j = await campaignJob(id);
      return j && (await j.getState()) === 'delayed' ? j : null;
    });
    const runsAt = job.timestamp + job.delay;
    expect(runsAt).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(runsAt).toBeLessThan(Date.now() + 61 * 60_000);
    const progress = await admin.json<{ campaigns: { id: number; sent: number; total: number }[] }>(
      admin.get('/api/admin/newsletter/campaigns'),
    );
    expect(progress.campaigns.find((c) => c.id === id)).toMatchObject({ sent: 2, total: 3 });

    // an hour later (the clock moved by moving the sends back): the third, and the campaign is sent
    await db()('newsletter_deliveries')
      .where({ campaign_id: id })
      .whereNotNull('sent_at')
      .update({ sent_at: db().raw("sent_at - interval '61 minutes'") });
    await app.modules.newsletter.sweep();
    await eventually(async () => emails.every((e) => mailsTo(e).length === 1));
    await eventually(
      async () => (await db()('newsletter_campaigns').where({ id }).first()).status === 'sent',
    );
    const mail = mailsTo(emails[0])[0];
    expect(mail.subject).toBe('Rate of two');
    expect(mailHeader(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailTextPart(mail.raw)).toContain(`Unsubscribe: ${unsubscribeUrl(mail.raw)}`);
  });

  it('reaches each address exactly once through a killed worker, a lost job and an SMTP outage', async () => {
    const emails = await seedConfirmed('kill-', 8);
    // the in-process workers stop; a worker process of its own does the first part
    await workers.close();
    const cfg = app.ctx.config;
    const child = processes.start('worker', 'workers/main.ts', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      DATABASE_URL: cfg.DATABASE_URL,
      REDIS_URL: cfg.REDIS_URL,
      REDIS_PREFIX: cfg.REDIS_PREFIX,
      DATA_DIR: cfg.DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: SHOP,
      SITE_NAME: 'Refuge Light',
      SWEEP_EVERY_MS: '3600000',
    });
    await smtp.cut();
    const { admin, id } = await newCampaign('Through it all');
    await admin.json(admin.post(`/api/admin/newsletter/campaigns/${id}/send`, { ratePerHour: 5 }), 202);
    // the first 5 claimed and written; their sends failing while SMTP is away
    await eventually(async () => {
      const rows = await db()('outbound_emails').where('dedupe_key', 'like', `newsletter-${id}-%`);
      return rows.length === 5 && rows.every((r) => r.attempts > 0);
    }, 30_000);
    child.proc.kill('SIGKILL');
    await new Promise((r) => child.proc.once('exit', r));
    // Redis lost the campaign's delayed job too
    await (await campaignJob(id))?.remove();
    expect(emails.filter((e) => mailsTo(e).length)).toEqual([]);

    await smtp.restore();
    workers = await app.startWorkers();
    // the sweeper's turn (a minute later: the e-mails' age moved back)
    await db()('outbound_emails')
      .where('dedupe_key', 'like', `newsletter-${id}-%`)
      .update({ created_at: db().raw("created_at - interval '2 minutes'") });
    await requeueStaleEmails(app.ctx.db, app.ctx.queues);
    await eventually(async () => emails.filter((e) => mailsTo(e).length).length === 5, 40_000);
    // an hour later the rest, queued by the sweep (its job was lost)
    await db()('newsletter_deliveries')
      .where({ campaign_id: id })
      .whereNotNull('sent_at')
      .update({ sent_at: db().raw("sent_at - interval '61 minutes'") });
    await app.modules.newsletter.sweep();
    await app.modules.newsletter.sweep();
    await eventually(async () => emails.every((e) => mailsTo(e).length > 0), 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    await requeueStaleEmails(app.ctx.db, app.ctx.queues);
    await app.modules.newsletter.sweep();
    await new Promise((r) => setTimeout(r, 1000));
    expect(emails.map((e) => mailsTo(e).length)).toEqual(emails.map(() => 1));
    expect((await db()('newsletter_campaigns').where({ id }).first()).status).toBe('sent');
  }, 120_000);
});

describe('unsubscribing', () => {
  it('works by one-click POST without a session or our origin, and the address is never mailed again', async () => {
    const [email] = await seedConfirmed('leave-', 1);
    const first = await newCampaign('Before leaving');
    await first.admin.json(
      first.admin.post(`/api/admin/newsletter/campaigns/${first.id}/send`, { ratePerHour: 100 }),
      202,
    );
    const mail = await eventually(async () => mailsTo(email)[0]);
    const link = unsubscribeUrl(mail.raw);

    // opening the link (a scanner) unsubscribes nothing
    const page = await fetch(app.url + pathOf(link));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Unsubscribe</button>');
    expect(await db()('newsletter_subscribers').where({ email_key: email }).first()).toBeTruthy();

    // the mail client's POST: from its servers, no cookie, no CSRF token, another origin
    const res = await fetch(app.url + pathOf(link), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    expect(await db()('newsletter_subscribers').where({ email_key: email }).first()).toBeUndefined();
    const suppressed = await db()('newsletter_suppressions').select('email_hash');
    expect(JSON.stringify(suppressed)).not.toContain('leave-');
    // again: the same page
    expect((await fetch(app.url + pathOf(link), { method: 'POST' })).status).toBe(200);

    // someone signs the address up again (another case): the same answer, no e-mail at all
    await app.client().json(subscribe(email.toUpperCase()), 202);
    await app.client().json(subscribe(email), 202);
    expect(await db()('newsletter_subscribers').where({ email_key: email }).first()).toBeUndefined();
    const other = await seedConfirmed('stay-', 1);
    const second = await newCampaign('After leaving');
    await second.admin.json(
      second.admin.post(`/api/admin/newsletter/campaigns/${second.id}/send`, { ratePerHour: 100 }),
      202,
    );
    await eventually(async () => mailsTo(other[0]).length === 1);
    await new Promise((r) => setTimeout(r, 800));
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email.toUpperCase())).toHaveLength(0);
  });

  it('the owner lists, exports and deletes subscribers', async () => {
    const [email] = await seedConfirmed('ask-', 1);
    const admin = await app.admin();
    const list = await admin.json<{
      subscribers: { id: number; email: string }[];
      counts: Record<string, number>;
    }>(admin.get('/api/admin/newsletter/subscribers'));
    const row = list.subscribers.find((s) => s.email === email)!;
    expect(list.counts.suppressed).toBeGreaterThan(0);
    const csv = await admin.get('/api/admin/newsletter/subscribers.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toMatch(new RegExp(`^${email},confirmed,footer,`, 'm'));
    await admin.json(admin.delete(`/api/admin/newsletter/subscribers/${row.id}`));
    expect(await db()('newsletter_subscribers').where({ id: row.id }).first()).toBeUndefined();
    expect((await admin.delete(`/api/admin/newsletter/subscribers/${row.id}`)).status).toBe(404);
    expect((await app.client().get('/api/admin/newsletter/subscribers')).status).toBe(401);
  });
});

describe('deleting an e-mail', () => {
  const campaignState = async (id: number) => ({
    campaign: await db()('newsletter_campaigns').where({ id }).first(),
    deliveries: await db()('newsletter_deliveries').where({ campaign_id: id }).orderBy('id'),
  });

  it('deletes a draft; refuses one being sent or sent, changing nothing; 404 unknown; 401 signed out', async () => {
    const draft = await newCampaign('Never mind');
    expect((await app.client().delete(`/api/admin/newsletter/campaigns/${draft.id}`)).status).toBe(401);
    expect(await db()('newsletter_campaigns').where({ id: draft.id }).first()).toBeTruthy();
    expect(
      await draft.admin.json<{ message: string }>(
        draft.admin.delete(`/api/admin/newsletter/campaigns/${draft.id}`),
      ),
    ).toEqual({ message: 'The e-mail was deleted.' });
    expect(await db()('newsletter_campaigns').where({ id: draft.id }).first()).toBeUndefined();
    expect((await draft.admin.get(`/api/admin/newsletter/campaigns/${draft.id}`)).status).toBe(404);
    expect((await draft.admin.delete(`/api/admin/newsletter/campaigns/${draft.id}`)).status).toBe(404);

    // sent: one subscriber at 100 an hour
    const [one] = await seedConfirmed('del-sent-', 1);
    const sent = await newCampaign('Already out');
    await sent.admin.json(
      sent.admin.post(`/api/admin/newsletter/campaigns/${sent.id}/send`, { ratePerHour: 100 }),
      202,
    );
    await eventually(async () => mailsTo(one).length === 1);
    await eventually(
      async () => (await db()('newsletter_campaigns').where({ id: sent.id }).first()).status === 'sent',
    );
    // being sent: two subscribers at 1 an hour, the second an hour away
    const two = await seedConfirmed('del-sending-', 2);
    const sending = await newCampaign('Going out');
    await sending.admin.json(
      sending.admin.post(`/api/admin/newsletter/campaigns/${sending.id}/send`, { ratePerHour: 1 }),
      202,
    );
    await eventually(async () => two.filter((e) => mailsTo(e).length).length === 1);

    for (const { id, status } of [
      { id: sent.id, status: 'sent' },
      { id: sending.id, status: 'sending' },
    ]) {
      const before = await campaignState(id);
      expect(before.campaign.status).toBe(status);
      const res = await sent.admin.delete(`/api/admin/newsletter/campaigns/${id}`);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(
        'This e-mail is being sent or has been sent, so it cannot be deleted.',
      );
      expect(await campaignState(id)).toEqual(before);
    }
    const list = await sent.admin.json<{ campaigns: { id: number; status: string }[] }>(
      sent.admin.get('/api/admin/newsletter/campaigns'),
    );
    expect(list.campaigns.filter((c) => [sent.id, sending.id, draft.id].includes(c.id))).toEqual([
      expect.objectContaining({ id: sending.id, status: 'sending' }),
      expect.objectContaining({ id: sent.id, status: 'sent' }),
    ]);
    expect((await sent.admin.delete('/api/admin/newsletter/campaigns/999999')).status).toBe(404);
  });
});
