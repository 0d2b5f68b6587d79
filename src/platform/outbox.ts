import type { Knex } from 'knex';
import type { Db } from './db';
import type { Mail, Mailer } from './mailer';
import type { Queues, JobOutcome } from './queue';

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
    })
    .onConflict('dedupe_key')
    .ignore()
    .returning('id');
  return rows[0]?.id ?? null;
}

/** After the transaction commits: queue the send. The sweeper re-queues anything missed. */
export async function enqueueEmail(queues: Queues, id: number): Promise<void> {
  await queues.enqueue('mail', 'send-email', { emailId: id }, { jobId: `email-${id}` });
}

/** The mail job: sends a queued e-mail once; a retry after success does nothing. */
export async function sendQueuedEmail(db: Db, mailer: Mailer, emailId: number): Promise<JobOutcome> {
  const row = await db('outbound_emails').where({ id: emailId }).first();
  if (!row) return { outcome: 'skipped', detail: 'no such e-mail' };
  if (row.status === 'sent') return { outcome: 'skipped', detail: 'already sent' };
  await db('outbound_emails').where({ id: emailId }).increment('attempts', 1);
  try {
    await mailer.send({
      to: row.to_address,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      html: row.html,
      text: row.text,
    });
  } catch (err) {
    await db('outbound_emails')
      .where({ id: emailId })
      .update({ last_error: String((err as Error).message).slice(0, 500) });
    throw err; // BullMQ retries with backoff
  }
  await db('outbound_emails')
    .where({ id: emailId })
    .update({ status: 'sent', sent_at: db.fn.now(), last_error: null });
  return { outcome: 'done', detail: `sent to ${row.to_address}` };
}

/** Sweeper: queue again every e-mail still unsent a minute after it was written. */
export async function requeueStaleEmails(db: Db, queues: Queues): Promise<number> {
  const rows = await db('outbound_emails')
    .where({ status: 'queued' })
    .andWhere('created_at', '<', db.raw("now() - interval '1 minute'"))
    .select('id')
    .limit(500);
  for (const r of rows) await queues.enqueueOrRetry('mail', 'send-email', { emailId: r.id }, `email-${r.id}`);
  return rows.length;
}
