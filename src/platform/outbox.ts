import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from './db';
import type { Mail, Mailer } from './mailer';
import type { JobOutcome, JobRegistry, Queues } from './queue';

/** The outbox's own job, declared here and listed in the application's catalog (src/jobs.ts). */
export const mailJobs = {
  mail: {
    /** Send one outbox e-mail (at most once, whatever BullMQ does). */
    'send-email': z.object({ emailId: z.number().int().positive() }),
  },
};
export type MailJobs = typeof mailJobs;

/** Registers the mail job's handler; a worker process does this (it has the mailer). */
export function handleMailJobs(jobs: JobRegistry<MailJobs>, db: Db, mailer: Mailer): void {
  jobs.handle('mail', 'send-email', ({ emailId }) => sendQueuedEmail(db, mailer, emailId));
}

export type OutboundEmail = Mail & { dedupeKey: string };

/**
 * Writes an e-mail to the outbox inside the caller's transaction (so it exists exactly when what
 * caused it does). Returns its id, or null when one with that dedupe key was already written.
 */
export async function writeEmail(trx: Knex | Knex.Transaction, mail: OutboundEmail): Promise<number | null> {
  const rows = await trx('outbound_emails')
    .insert({
      dedupe_key: mail.dedupeKey,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      // kept with the e-mail until it is sent (base64 in jsonb: a few hundred kB at most)
      attachments: mail.attachments?.length
        ? JSON.stringify(
            mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              contentBase64: a.content.toString('base64'),
            })),
          )
        : null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
    })
    .onConflict('dedupe_key')
    .ignore()
    .returning('id');
  return rows[0]?.id ?? null;
}

/** After the transaction commits: queue the send. The sweeper re-queues anything missed. */
export async function enqueueEmail(queues: Queues<MailJobs>, id: number): Promise<void> {
  await queues.enqueue('mail', 'send-email', { emailId: id }, { jobId: `email-${id}` });
}

type StoredAttachment = { filename: string; contentType: string; contentBase64: string };
const attachmentsOf = (stored: StoredAttachment[] | null | undefined) =>
  stored?.length
    ? stored.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      }))
    : undefined;

/**
 * The mail job: sends a queued e-mail once; a retry after success does nothing. The row is locked
 * while it is sent, so two senders (a job duplicated after Redis lost its state, two worker
 * processes) never both send it: the second one skips.
 */
export async function sendQueuedEmail(db: Db, mailer: Mailer, emailId: number): Promise<JobOutcome> {
  let failure: unknown = null;
  const outcome = await db.transaction(async (trx): Promise<JobOutcome> => {
    const row = await trx('outbound_emails').where({ id: emailId }).forUpdate().skipLocked().first();
    if (!row) {
      const exists = await trx('outbound_emails').where({ id: emailId }).first('id');
      return { outcome: 'skipped', detail: exists ? 'being sent by another job' : 'no such e-mail' };
    }
    if (row.status === 'sent') return { outcome: 'skipped', detail: 'already sent' };
    const attempt = trx('outbound_emails').where({ id: emailId });
    try {
      await mailer.send({
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: attachmentsOf(row.attachments),
        headers: row.headers ?? undefined,
      });
    } catch (err) {
      failure = err;
      await attempt.update({
        attempts: trx.raw('attempts + 1'),
        last_error: String((err as Error).message).slice(0, 500),
      });
      return { outcome: 'skipped', detail: 'send failed' };
    }
    await attempt.update({
      status: 'sent',
      sent_at: trx.fn.now(),
      last_error: null,
      attempts: trx.raw('attempts + 1'),
    });
    return { outcome: 'done', detail: `sent to ${row.to_address}` };
  });
  if (failure) throw failure; // BullMQ retries with backoff
  return outcome;
}

/** Sweeper: queue again every e-mail still unsent a minute after it was written. */
export async function requeueStaleEmails(db: Db, queues: Queues<MailJobs>): Promise<number> {
  const rows = await db('outbound_emails')
    .where({ status: 'queued' })
    .andWhere('created_at', '<', db.raw("now() - interval '1 minute'"))
    .orderBy('id')
    .select('id')
    .limit(500);
  for (const r of rows) await queues.enqueueOrRetry('mail', 'send-email', { emailId: r.id }, `email-${r.id}`);
  return rows.length;
}

/** For readiness and the owner: e-mails still waiting in the outbox after `minutes`. */
export async function staleEmailCount(db: Db, minutes = 10): Promise<number> {
  const row = await db('outbound_emails')
    .where({ status: 'queued' })
    .andWhere('created_at', '<', db.raw('now() - make_interval(mins => ?)', [minutes]))
    .count<{ count: number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}
