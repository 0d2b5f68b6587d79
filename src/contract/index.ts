/**
 * The HTTP contract between the server and the web app, one file per area: zod schemas of the
 * request bodies and queries (the server parses with them) and of the answers (the server's
 * services return their types; the web app imports the types, type-only). Money is in dollars on
 * the wire. docs/api-contract.md describes the routes; routes.test.ts keeps it and routes.ts in step.
 */
export * from './admin-auth';
export * from './cart';
export * from './catalog';
export * from './contact';
export * from './contact-admin';
export * from './lab';
export * from './content';
export * from './orders';
export * from './buyer-order';
export * from './payments';
export * from './promotions';
export * from './setup';
export * from './tax';
export * from './us-states';
export * from './version';
export * from './storefront-pages';
export * from './editions';
export * from './uploads';
export * from './media';
export * from './rights';
export * from './licences';
export * from './licences-admin';
export * from './gift-cards';
export * from './gift-cards-admin';
export * from './numbers';
export * from './cart-reminders';
export * from './newsletter';
