import type { Knex } from 'knex';

// Issue 47: a refund of an order paid partly by gift card returns its gift card part to the cards
// (their ledger's `refunded` entries) and the rest to the payment card. `amount_cents` stays the
// whole refund the owner made; `tenders_cents` is the part given back to the tenders (0: all of it
// through the payment provider, as every refund before).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_refunds', (t) => {
    t.integer('tenders_cents').notNullable().defaultTo(0);
  });
  await knex.raw(
    'ALTER TABLE order_refunds ADD CONSTRAINT order_refunds_tenders_within_amount CHECK (tenders_cents >= 0 AND tenders_cents <= amount_cents)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_refunds', (t) => t.dropColumn('tenders_cents'));
}
