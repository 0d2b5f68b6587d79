import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail, writeEmail } from '../../src/platform/outbox';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink } from '../support/smtp-sink';

describe('mail worker (BullMQ + outbox + SMTP)', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink({ failFirst: 1 });
    app = await createTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it('retries a send that failed and delivers the mail exactly once', async () => {
    const id = await writeEmail(app.ctx.db, {
      dedupeKey: 'test-retry',
      to: 'visitor@example.com',
      subject: 'Retry me',
      html: '<p>hello</p>',
      text: 'hello',
    });
    await enqueueEmail(app.ctx.queues, id!);
    await enqueueEmail(app.ctx.queues, id!); // a duplicate enqueue is de-duplicated by job id
    await app.startWorkers();
    const row = await eventually(async () => {
      const r = await app.ctx.db('outbound_emails').where({ id }).first();
      return r.status === 'sent' && r;
    });
    expect(row.attempts).toBe(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.mails.filter((m) => m.subject === 'Retry me')).toHaveLength(1);
  });

  it('writes an e-mail only once per dedupe key', async () => {
    const mail = { dedupeKey: 'once', to: 'a@example.com', subject: 's', html: 'h', text: 't' };
    expect(await writeEmail(app.ctx.db, mail)).toBeTypeOf('number');
    expect(await writeEmail(app.ctx.db, mail)).toBeNull();
  });
});

describe('graceful worker shutdown', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink({ delayMs: 1500 });
    app = await createTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it('finishes the job in progress before the worker stops, losing nothing', async () => {
    const workers = await app.startWorkers();
    const id = await writeEmail(app.ctx.db, {
      dedupeKey: 'slow',
      to: 'visitor@example.com',
      subject: 'Slow mail',
      html: '<p>slow</p>',
      text: 'slow',
    });
    await enqueueEmail(app.ctx.queues, id!);
    // wait until the worker has picked the job up, then ask it to stop mid-send
    await eventually(async () => (await app.ctx.db('outbound_emails').where({ id }).first()).attempts === 1);
    await workers.close();
    const row = await app.ctx.db('outbound_emails').where({ id }).first();
    expect(row.status).toBe('sent');
    expect(sink.mails.map((m) => m.subject)).toContain('Slow mail');
  });
});
