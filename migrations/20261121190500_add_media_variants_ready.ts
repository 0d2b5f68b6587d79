import type { Knex } from 'knex';

// The media job marks an asset once its full set of variants exists: the sweeper re-queues the
// others, and an on-the-fly variant made before the job ran does not count as "done".
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_assets', (t) => {
    t.timestamp('variants_ready_at', { useTz: true });
  });
  await knex.raw(
    'create index media_assets_variants_pending_idx on media_assets (id) where variants_ready_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists media_assets_variants_pending_idx');
  await knex.schema.alterTable('media_assets', (t) => {
    t.dropColumn('variants_ready_at');
  });
}
