import { z } from 'zod';

export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(50, 'Username must be at most 50 characters'),
  password: z.string().min(1, 'Password is required').max(100, 'Password must be at most 100 characters'),
});
