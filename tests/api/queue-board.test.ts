import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { writeEmail } from '../../src/platform/outbox';

// The owner sees failed work: the queue dashboard (bull-board) and a JSON health view, both
// behind the admin session and the same-origin check.
let app: TestApp;
beforeAll(async () => {
  // port 9 (discard) refuses SMTP: every send fails
  app = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', SWEEP_EVERY_MS: '3600000' });
});
afterAll(() => app?.close());

type Health = {
  outbox: { stale: number };
  queues: Record<
    string,
    {
      waiting: number;
      active: number;
      failed: number;
      delayed: number;
      failedJobs: { id: string; error: string }[];
    }
  >;
};

describe('failed jobs are visible to the owner', () => {
  it('needs the admin session for the dashboard and the health view', async () => {
    const c = app.client();
    expect((await c.get('/api/admin/queues')).status).toBe(401);
    expect((await c.get('/api/admin/queues/api/queues')).status).toBe(401);
    expect((await c.get('/api/admin/health')).status).toBe(401);
    const admin = await app.admin();
    const retry = await admin.put('/api/admin/queues/api/queues/mail/retry/failed', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(retry.status).toBe(403);
  });

  it('shows counts per queue, each failed job with its error, stale outbox e-mails, and retries', async () => {
    const admin = await app.admin();
    const mail = app.ctx.queues.get('mail');
    const id = await writeEmail(app.ctx.db, {
      dedupeKey: 'board-1',
      to: 'a@example.com',
      subject: 'Hello',
      html: '<p>hi</p>',
      text: 'hi',
    });
    await app.ctx
      .db('outbound_emails')
      .where({ id })
      .update({ created_at: app.ctx.db.raw("now() - interval '11 minutes'") });
    await mail.add('send-email', { emailId: id }, { jobId: `email-${id}`, attempts: 1 });
    await app.startWorkers();

    const health = await eventually(async () => {
      const h = await admin.json<Health>(admin.get('/api/admin/health'));
      return h.queues.mail.failed === 1 && h;
    });
    expect(health.outbox.stale).toBe(1);
    expect(Object.keys(health.queues).sort()).toEqual([
      'cart-reminders',
      'editions',
      'events',
      'fulfillment',
      'gift-cards',
      'licences',
      'mail',
      'media',
      'newsletter',
      'payments',
    ]);
    for (const q of Object.values(health.queues))
      expect(q).toMatchObject({
        waiting: expect.any(Number),
        active: expect.any(Number),
        delayed: expect.any(Number),
      });
    expect(health.queues.mail.failedJobs[0]).toMatchObject({
      id: `email-${id}`,
      error: expect.stringMatching(/ECONNREFUSED|connect/),
    });

    // bull-board's page and API, as the admin
    const page = await admin.get('/api/admin/queues', { accept: 'text/html' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<base href="/api/admin/queues/"');
    const board = await admin.json<{ queues: { name: string; counts: Record<string, number> }[] }>(
      admin.get('/api/admin/queues/api/queues?activeQueue=mail&status=failed&page=1&jobsPerPage=10'),
    );
    const mailQueue = board.queues.find((q) => q.name === 'mail');
    expect(mailQueue?.counts.failed).toBe(1);
    // a script the dashboard needs is served under our CSP's 'self'
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect((await admin.get(`/api/admin/queues/${script}`)).status).toBe(200);

    // retry from the dashboard: the job runs again (and fails again: SMTP is still refused)
    const before = (await mail.getJob(`email-${id}`))?.attemptsMade ?? 0;
    const retried = await admin.put(`/api/admin/queues/api/queues/mail/email-${id}/retry`);
    expect(retried.status).toBe(204);
    await eventually(async () => ((await mail.getJob(`email-${id}`))?.attemptsMade ?? 0) > before || null);
  });
});
