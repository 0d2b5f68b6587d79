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

/**
 * POST /api/admin/login and GET /api/admin/user. `mustChangePassword`: the account still has the
 * one-time password the first start printed; until she chooses her own, every other admin call
 * answers 403 (`adminPasswordMessages.mustChange`).
 */
export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  mustChangePassword: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /api/admin/login: `firstSignIn` on her very first sign-in ('Welcome!', not 'Welcome back!'). */
export const loginAnswerSchema = adminUserSchema.extend({ firstSignIn: z.boolean() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 100;

export const adminPasswordMessages = {
  mustChange:
    'Choose a new password first: this account still has the one-time password from the first start.',
  newPassword: `The new password must be ${ADMIN_PASSWORD_MIN} to ${ADMIN_PASSWORD_MAX} characters long.`,
  currentRequired: 'Enter your current password.',
  currentWrong: 'Your current password is not right.',
  same: 'Choose a new password, not the one you have now.',
} as const;

/**
 * POST /api/admin/password: her own password. The current one is asked for a change she makes
 * herself; not when the one-time password must be replaced (she has just signed in with it).
 */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: adminPasswordMessages.currentRequired })
    .max(ADMIN_PASSWORD_MAX, adminPasswordMessages.currentWrong)
    .optional(),
  newPassword: z
    .string({ error: adminPasswordMessages.newPassword })
    .min(ADMIN_PASSWORD_MIN, adminPasswordMessages.newPassword)
    .max(ADMIN_PASSWORD_MAX, adminPasswordMessages.newPassword),
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;
