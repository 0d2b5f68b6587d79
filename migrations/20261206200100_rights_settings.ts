import type { Knex } from 'knex';

// Issue 50: her rights in every file. One row of site-wide rights settings (what every served image
// carries in XMP/IPTC, the optional watermark, the TDM reservation and the robots.txt section for AI
// crawlers), and each photo's own override of the notice and its watermark switch. The row is
// written here so every process reads the same defaults before she saves anything.
const AI_CRAWLERS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'CCBot',
  'Google-Extended',
  'anthropic-ai',
  'ClaudeBot',
  'Claude-Web',
  'PerplexityBot',
  'Bytespider',
  'Applebot-Extended',
  'meta-externalagent',
  'Amazonbot',
  'cohere-ai',
  'Diffbot',
  'ImagesiftBot',
  'Omgilibot',
  'Timpibot',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rights_settings', (t) => {
    t.integer('id').primary().checkIn(['1']);
    t.string('creator', 200).notNullable().defaultTo('');
    // null: each photo's default notice ("© <year taken> <PHOTOGRAPHER_NAME>, all rights reserved")
    t.string('copyright_notice', 300).nullable();
    t.string('credit_line', 300).notNullable().defaultTo('');
    t.string('rights_url', 500).notNullable().defaultTo('/about');
    t.string('data_mining', 60).notNullable().defaultTo('DMI-PROHIBITED-AIMLTRAINING');
    t.boolean('ai_crawlers_blocked').notNullable().defaultTo(false);
    t.specificType('ai_crawler_agents', 'text[]')
      .notNullable()
      .defaultTo(knex.raw(`ARRAY[${AI_CRAWLERS.map((a) => `'${a}'`).join(', ')}]::text[]`));
    t.boolean('watermark_enabled').notNullable().defaultTo(false);
    t.string('watermark_kind', 10).notNullable().defaultTo('text').checkIn(['text', 'image']);
    t.string('watermark_text', 200).notNullable().defaultTo('');
    t.binary('watermark_png').nullable();
    t.string('watermark_position', 20).notNullable().defaultTo('bottom-right');
    t.double('watermark_width_share').notNullable().defaultTo(0.2);
    t.double('watermark_opacity').notNullable().defaultTo(0.6);
    t.integer('watermark_from_width').notNullable().defaultTo(1080);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('rights_settings').insert({ id: 1 });
  // a restore (src/platform/backup) replaces this starting row with the archive's
  await knex.raw(
    "COMMENT ON TABLE rights_settings IS 'seeded by its migration: the owner''s rights settings, defaults'",
  );
  await knex.schema.alterTable('photos', (t) => {
    t.string('copyright_notice', 300).nullable();
    t.boolean('watermark_off').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.dropColumn('copyright_notice');
    t.dropColumn('watermark_off');
  });
  await knex.schema.dropTable('rights_settings');
}
