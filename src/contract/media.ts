import { z } from 'zod';
import type { RestampProgress } from '../shared/file-rights';

/** `GET /api/admin/media/restamp-progress`: images whose files still carry an old stamp, of all. */
export const restampProgressSchema = z.object({
  pending: z.number().int().min(0),
  total: z.number().int().min(0),
}) satisfies z.ZodType<RestampProgress>;
