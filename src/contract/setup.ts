import { z } from 'zod';

// The admin's set-up checklist (GET /api/admin/setup): what a new shop still needs, each item's
// state from the facts as they are now, and where it is set.

export const setupItemKeys = [
  'payments',
  'email',
  'photographer-name',
  'tax',
  'shipping-notice',
  'print-lab',
  'admin-password',
  'backup',
] as const;

/** done; needs attention; optional (a valid choice either way, e.g. shipping prints herself). */
export const setupStates = ['done', 'attention', 'optional'] as const;
export type SetupState = (typeof setupStates)[number];

export const setupItemSchema = z.object({
  key: z.enum(setupItemKeys),
  title: z.string(),
  state: z.enum(setupStates),
  /** One line: what is in place now, or what is missing. */
  detail: z.string(),
  /** The admin screen where it is set; null for a setting made in the server's environment. */
  link: z.object({ href: z.string(), label: z.string() }).nullable(),
  /** For a setting made in the environment (SMTP, Stripe keys, backups): the README section that says how. */
  readme: z.string().nullable(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;

export const setupChecklistSchema = z.object({
  items: z.array(setupItemSchema),
  /** How many items need nothing more (done or optional). */
  ready: z.number(),
  /**
   * Who takes the buyers' payments: Stripe, the built-in test provider, or nobody (production
   * without a provider: the admin shows a set-up banner).
   */
  paymentsProvider: z.enum(['stripe', 'test']).nullable(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
