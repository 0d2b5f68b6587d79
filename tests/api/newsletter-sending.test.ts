import { describe, expect, it } from 'vitest';
import { eventually } from '../support/test-app';
import { mailHeader, mailTextPart } from '../support/smtp-sink';
import { requeueStaleEmails } from '../../src/platform/outbox';
import { SHOP, unsubscribeUrl, useNewsletterRig } from '../support/newsletter-rig';

// Issue 49, a newsletter's send: at her rate through the job queue, reaching each confirmed
// address exactly once through a killed worker, a lost job and an SMTP outage; a draft deleted, an
// e-mail being sent or sent never.

const { rig, db, mailsTo, seedConfirmed, newCampaign, campaignJob } = useNewsletterRig();

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
      const page = await fetch(`${rig.app.url}/unsubscribe/sample`, {
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
    await rig.app.modules.newsletter.sweep();
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
    await rig.workers.close();
    const cfg = rig.app.ctx.config;
    const child = rig.processes.start('worker', 'workers/main.ts', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      DATABASE_URL: cfg.DATABASE_URL,
      REDIS_URL: cfg.REDIS_URL,
      REDIS_PREFIX: cfg.REDIS_PREFIX,
      DATA_DIR: cfg.DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${rig.smtp.port}`,
      PUBLIC_URL: SHOP,
      SITE_NAME: 'Refuge Light',
      SWEEP_EVERY_MS: '3600000',
    });
    await rig.smtp.cut();
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

    await rig.smtp.restore();
    rig.workers = await rig.app.startWorkers();
    // the sweeper's turn (a minute later: the e-mails' age moved back)
    await db()('outbound_emails')
      .where('dedupe_key', 'like', `newsletter-${id}-%`)
      .update({ created_at: db().raw("created_at - interval '2 minutes'") });
    await requeueStaleEmails(rig.app.ctx.db, rig.app.ctx.queues);
    await eventually(async () => emails.filter((e) => mailsTo(e).length).length === 5, 40_000);
    // an hour later the rest, queued by the sweep (its job was lost)
    await db()('newsletter_deliveries')
      .where({ campaign_id: id })
      .whereNotNull('sent_at')
      .update({ sent_at: db().raw("sent_at - interval '61 minutes'") });
    await rig.app.modules.newsletter.sweep();
    await rig.app.modules.newsletter.sweep();
    await eventually(async () => emails.every((e) => mailsTo(e).length > 0), 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    await requeueStaleEmails(rig.app.ctx.db, rig.app.ctx.queues);
    await rig.app.modules.newsletter.sweep();
    await new Promise((r) => setTimeout(r, 1000));
    expect(emails.map((e) => mailsTo(e).length)).toEqual(emails.map(() => 1));
    expect((await db()('newsletter_campaigns').where({ id }).first()).status).toBe('sent');
  }, 120_000);
});

describe('deleting an e-mail', () => {
  const campaignState = async (id: number) => ({
    campaign: await db()('newsletter_campaigns').where({ id }).first(),
    deliveries: await db()('newsletter_deliveries').where({ campaign_id: id }).orderBy('id'),
  });

  it('deletes a draft; refuses one being sent or sent, changing nothing; 404 unknown; 401 signed out', async () => {
    const draft = await newCampaign('Never mind');
    expect((await rig.app.client().delete(`/api/admin/newsletter/campaigns/${draft.id}`)).status).toBe(401);
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
