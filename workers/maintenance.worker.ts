import { requeueStaleEmails } from '../src/platform/outbox';
import type { RedriveTask } from '../src/platform/redrive';
import type { WorkerDeps } from './worker-deps';

/**
 * What the sweeper re-drives from Postgres (see src/platform/redrive.ts): domain events never
 * relayed or whose delivery job was lost, unsent e-mails, images without variants, originals
 * still carrying GPS (stored before issue 35), payments still
 * pending (and unpaid orders older than UNPAID_ORDER_TTL_HOURS, canceled with their intent), and
 * it deletes stale carts. A module with durable work of its own adds one entry here.
 */
export const redriveTasks = ({ ctx, modules }: WorkerDeps): RedriveTask[] => [
  {
    name: 'events',
    run: async () => {
      const { relayed, redriven } = await modules.events.relayPending();
      return relayed + redriven;
    },
  },
  { name: 'emails', run: () => requeueStaleEmails(ctx.db, ctx.queues) },
  { name: 'variants', run: () => modules.media.sweepMissingVariants() },
  // image files no row names: a crash between the file and its row, or a deleted image
  { name: 'media-files', run: () => modules.media.sweepOrphans() },
  // originals stored before issue 35, with GPS and place tags: each stored again without them
  { name: 'clean-originals', run: () => modules.media.sweepUncleanedOriginals() },
  // unfinished field uploads a day old (the tus store's files, or its S3 multipart uploads)
  { name: 'field-uploads', run: () => modules.fieldUploads.sweepExpired() },
  {
    name: 'payments',
    run: async () => {
      const { orders, events } = await modules.orders.payments.sweep();
      return orders + events;
    },
  },
  { name: 'stale-carts', run: () => modules.cart.service.deleteStaleCarts() },
  // lab orders whose hold is over (a lost delayed job) or cut off mid-send, and polling for shipments
  { name: 'print-lab', run: () => modules.fulfillment.service.sweep() },
  // sold edition prints whose certificate job was lost
  { name: 'edition-prints', run: () => modules.editions.service.sweep() },
  // gift cards due and not sent (a lost delayed job, a killed worker): queued again
  { name: 'gift-cards', run: () => modules.giftCards.sweep() },
  // visit counts: each past day's raw hits rolled up into its daily rows, its hashes and salt deleted
  { name: 'visits', run: () => modules.visits.sweep() },
  // cart reminders due and not sent (a lost delayed job, a killed worker): queued again
  { name: 'cart-reminders', run: () => modules.cartReminders.sweep() },
  // newsletter sign-ups unconfirmed after 7 days deleted; a sending campaign whose job was lost queued
  { name: 'newsletter', run: () => modules.newsletter.sweep() },
];
