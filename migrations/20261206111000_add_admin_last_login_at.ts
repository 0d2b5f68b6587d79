import type { Knex } from 'knex';

// Issue 51: an admin's very first sign-in (one made from ADMIN_USERNAME / ADMIN_PASSWORD, or with
// `npm run admin -- set-password`) is greeted 'Welcome!', not 'Welcome back!'. Null: never signed
// in. The accounts already there may have signed in before: they count as signed in now.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (t) => {
    t.timestamp('last_login_at', { useTz: true });
  });
  await knex('admin_users').update({ last_login_at: knex.fn.now() });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (t) => {
    t.dropColumn('last_login_at');
  });
}
