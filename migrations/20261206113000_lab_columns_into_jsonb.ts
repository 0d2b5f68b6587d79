import type { Knex } from 'knex';

// The lab seam in no lab's words: a lab's settings and product reference are its own objects
// (jsonb `provider_settings`, `product_ref`, read by its own schema), so the columns the first
// lab needed go: Lumaprints' store id (`store_id`) and product (`subcategory_id`, `option_ids`)
// are kept in the jsonb first where a row lacks them. A Prodigi product's reference names its
// family (`familyId`), no longer Lumaprints' word for it; a lab product names its lab (no default).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE lab_settings
    SET provider_settings = provider_settings || jsonb_build_object('storeId', store_id)
    WHERE provider = 'lumaprints' AND store_id IS NOT NULL AND provider_settings->'storeId' IS NULL`);
  await knex.raw(`UPDATE lab_products
    SET product_ref = jsonb_build_object('subcategoryId', subcategory_id, 'optionIds', to_jsonb(option_ids))
    WHERE provider = 'lumaprints' AND subcategory_id IS NOT NULL AND product_ref->'subcategoryId' IS NULL`);
  await knex.raw(`UPDATE lab_products
    SET product_ref = jsonb_build_object(
      'familyId', COALESCE(product_ref->'subcategoryId', to_jsonb(subcategory_id)),
      'optionIds', COALESCE(product_ref->'optionIds', to_jsonb(option_ids)))
    WHERE provider = 'prodigi' AND product_ref->'familyId' IS NULL`);
  await knex.raw(`ALTER TABLE lab_products ALTER COLUMN provider DROP DEFAULT`);
  await knex.schema.alterTable('lab_settings', (t) => t.dropColumn('store_id'));
  await knex.schema.alterTable('lab_products', (t) => {
    t.dropColumn('subcategory_id');
    t.dropColumn('option_ids');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE lab_products ALTER COLUMN provider SET DEFAULT 'lumaprints'`);
  await knex.schema.alterTable('lab_settings', (t) => t.integer('store_id').nullable());
  await knex.schema.alterTable('lab_products', (t) => {
    t.integer('subcategory_id').nullable();
    t.specificType('option_ids', 'integer[]').notNullable().defaultTo('{}');
  });
  await knex.raw(`UPDATE lab_products
    SET product_ref = jsonb_build_object('subcategoryId', product_ref->'familyId', 'optionIds', product_ref->'optionIds')
    WHERE provider = 'prodigi' AND product_ref->'familyId' IS NOT NULL`);
  await knex.raw(`UPDATE lab_settings SET store_id = (provider_settings->>'storeId')::int
    WHERE provider = 'lumaprints' AND jsonb_typeof(provider_settings->'storeId') = 'number'`);
  await knex.raw(`UPDATE lab_products
    SET subcategory_id = (product_ref->>'subcategoryId')::int,
      option_ids = ARRAY(SELECT jsonb_array_elements_text(product_ref->'optionIds')::int)
    WHERE jsonb_typeof(product_ref->'subcategoryId') = 'number'
      AND jsonb_typeof(product_ref->'optionIds') = 'array'`);
}
