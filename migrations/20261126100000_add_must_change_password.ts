import type { Knex } from 'knex';

// Issue 34: the admin the first start creates (with a random one-time password printed once)
// must choose her own password at the first sign-in. Admins made from ADMIN_USERNAME /
// ADMIN_PASSWORD or with `npm run admin -- set-password` are not.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (t) => {
    t.boolean('must_change_password').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (t) => {
    t.dropColumn('must_change_password');
  });
}
