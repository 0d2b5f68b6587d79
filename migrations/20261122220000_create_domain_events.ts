import type { Knex } from 'knex';

// The event outbox: a domain event is written in the same transaction as the state change that
// causes it; the relay fans it out to one delivery per subscriber. A delivery is done exactly once
// (its row is locked and marked done in the subscriber's own transaction), and one that failed
// keeps its error and attempt count for whoever looks.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('domain_events', (t) => {
    t.bigIncrements('id');
    t.string('name', 80).notNullable();
    t.jsonb('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('relayed_at', { useTz: true });
  });
  await knex.raw('create index domain_events_unrelayed_idx on domain_events (id) where relayed_at is null');
  await knex.schema.createTable('event_deliveries', (t) => {
    t.bigInteger('event_id').notNullable().references('domain_events.id').onDelete('CASCADE');
    t.string('subscriber', 80).notNullable();
    t.string('status', 10).notNullable().defaultTo('pending'); // pending | failed | done
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('done_at', { useTz: true });
    t.primary(['event_id', 'subscriber']);
  });
  await knex.raw(
    "create index event_deliveries_open_idx on event_deliveries (created_at) where status <> 'done'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('event_deliveries');
  await knex.schema.dropTableIfExists('domain_events');
}
