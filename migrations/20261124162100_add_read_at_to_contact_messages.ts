import type { Knex } from 'knex';

// The owner's inbox in the admin: a message is unread until she marks it read (null = unread).
// The partial index keeps the unread count the admin bar asks for cheap however many are read.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.timestamp('read_at', { useTz: true }).nullable();
  });
  await knex.raw(
    'create index contact_messages_unread_idx on contact_messages (created_at desc) where read_at is null',
  );
  await knex.raw('create index contact_messages_created_idx on contact_messages (created_at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contact_messages_created_idx');
  await knex.raw('drop index if exists contact_messages_unread_idx');
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('read_at');
  });
}
