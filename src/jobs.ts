// The application's jobs: each queue, each job name and the one declaration of its payload. A job
// is queued only with a payload that parses, and its handler (registered once, by the module that
// owns it, in its index.ts) gets the parsed payload. The platform's own jobs are declared next to
// the code that owns them and listed here, so this is the whole catalog.
import { z } from 'zod';
import { eventJobs } from './platform/events';
import { mailJobs } from './platform/outbox';
import { createJobRegistry, type JobCatalog, type JobRegistry } from './platform/queue';

const id = z.number().int().positive();
const labProvider = z.string().min(1).max(20);

export const jobs = {
  ...mailJobs, // mail/send-email: send one outbox e-mail
  ...eventJobs, // events/deliver: one domain event to one subscriber
  media: {
    /**
     * Make every variant of a stored image: queued as soon as an upload is stored, with what its
     * row will say (`unrecorded`: the run stores nothing until that row exists), by the upload's
     * event once the row is written, when an image is served before its variants exist, and by
     * the sweeper.
     */
    'make-variants': z.object({
      assetId: id,
      unrecorded: z
        .object({
          storageKey: z.string().min(1),
          kind: z.enum(['photo', 'thumbnail', 'logo', 'headshot']),
          width: id,
          height: id,
        })
        .optional(),
    }),
    /** Store an original stored before issue 35 again without its GPS and place tags (queued by the sweeper). */
    'clean-original': z.object({ assetId: id }),
    /**
     * Make the variants of a batch of assets marked by 'rights.changed' again with their new
     * stamp; queues the next batch while marks remain (`turn` alternates the job id), and the
     * sweeper queues it again when a run was lost.
     */
    restamp: z.object({ turn: z.number().int().min(0) }),
  },
  payments: {
    /** Move an order to match one recorded provider event (the job id is the event id). */
    'reconcile-payment': z.object({ eventId: z.string().min(1) }),
    /** Ask the provider about an order still pending payment. */
    'check-pending-order': z.object({ orderId: id }),
  },
  fulfillment: {
    /**
     * Send a paid order's lines for one lab (a registered lab's id, checked by fulfillment) to
     * it, once (its hold is over, or the owner asked).
     */
    'send-lab-order': z.object({ orderId: id, provider: labProvider }),
    /** Read a lab order back from its lab (its webhook, or polling) and mark it shipped. */
    'sync-lab-order': z.object({ orderId: id, provider: labProvider }),
  },
  editions: {
    /** Make a sold edition print's certificate, once (the job id is the number's). */
    'make-certificate': z.object({ editionNumberId: id }),
  },
  licences: {
    /** Make a (photo, size)'s licensed file once (again when the photo's original changed). */
    'make-file': z.object({ photoId: id, sizeId: id }),
  },
  'gift-cards': {
    /**
     * E-mail a card to its recipient, once (the job id is the card's; delayed to its send time;
     * the sweeper queues a due one whose job was lost). `resend`: the owner's "send again", to
     * the recipient's current address, even when it was sent.
     */
    'send-card': z.object({ giftCardId: id, resend: z.boolean().optional() }),
  },
  'cart-reminders': {
    /**
     * E-mail a cart's reminder, once (the job id is the reminder's; delayed to its time; the
     * sweeper queues a due one whose job was lost).
     */
    'send-reminder': z.object({ reminderId: id }),
  },
  newsletter: {
    /**
     * Write the next e-mails of a campaign the owner's rate allows to the outbox, then run again
     * (its job id kept) when it allows more; the sweeper queues a sending campaign whose job was lost.
     */
    'send-campaign': z.object({ campaignId: id }),
  },
} satisfies JobCatalog;
export type Jobs = typeof jobs;
export type AppJobRegistry = JobRegistry<Jobs>;

/** One registry per module set (web or worker process); modules register their handlers on it. */
export const createAppJobRegistry = (): AppJobRegistry => createJobRegistry(jobs);
