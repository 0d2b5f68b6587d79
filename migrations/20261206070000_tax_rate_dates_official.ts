import type { Knex } from 'knex';

// Issue 51: a state's "rate last changed" is the day its official rate took effect, or unknown
// (null), never the day the owner saved it. Rows saved before held the save day, except rates
// equal to the official ones we know (src/modules/tax/rate-presets.ts, copied here as it is today).
const OFFICIAL: [state: string, rate: number, since: string][] = [
  ['DC', 6.5, '2025-10-01T04:00:00Z'],
  ['MD', 6, '2008-01-03T05:00:00Z'],
  ['VA', 5.3, '2013-07-01T04:00:00Z'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tax_states', (t) => {
    t.timestamp('rate_changed_at', { useTz: true }).nullable().alter();
  });
  await knex('tax_states').update({ rate_changed_at: null });
  for (const [state, rate, since] of OFFICIAL)
    await knex('tax_states').where({ state, rate }).update({ rate_changed_at: since });
}

export async function down(knex: Knex): Promise<void> {
  await knex('tax_states').whereNull('rate_changed_at').update({ rate_changed_at: knex.fn.now() });
  await knex.schema.alterTable('tax_states', (t) => {
    t.timestamp('rate_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).alter();
  });
}
