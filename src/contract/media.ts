import { z } from 'zod';

/**
 * `GET /api/admin/media/restamp-progress`: images whose files still carry an old stamp, of all
 * (src/shared/file-rights.ts's RestampProgress).
 */
export const restampProgressSchema = z.object({
  pending: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type RestampProgressAnswer = z.infer<typeof restampProgressSchema>;
