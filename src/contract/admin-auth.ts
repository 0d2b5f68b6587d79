import { z } from 'zod';

export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(50, 'Username must be at most 50 characters'),
  password: z.string().min(1, 'Password is required').max(100, 'Password must be at most 100 characters'),
});
export type LoginInput = z.output<typeof loginSchema>;

/** POST /api/admin/login and GET /api/admin/user. */
export const adminUserSchema = z.object({ id: z.number(), username: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;
