import type { Knex } from 'knex';

// Issue 47: a gift card's e-mail carries its printable card (a one-page PDF). The outbox keeps an
// e-mail whole until it is sent (an SMTP outage may last hours), so its attachments are kept with
// it: [{ filename, contentType, contentBase64 }], null for the e-mails without any.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.jsonb('attachments');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.dropColumn('attachments');
  });
}
