import { z } from 'zod';
import { emailField } from '../common/fields.js';
import { userNamesView } from '../common/views.js';
import { Role } from '../roles/roles.js';
import { ACTIONS } from '../roles/can.js';
import { AUTH_TEXT, PASSWORD_MAX, PASSWORD_MIN } from './messages.js';

const email = emailField(AUTH_TEXT.emailRequired);

export const LoginRequest = z.object({
  email,
  // Sign-in checks presence only; length rules apply when a password is set.
  password: z
    .string({ error: AUTH_TEXT.passwordRequired })
    .min(1, { error: AUTH_TEXT.passwordRequired, abort: true })
    .max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  remember: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ResetLinkRequest = z.object({ email });
export type ResetLinkRequest = z.infer<typeof ResetLinkRequest>;

export const newPassword = z
  .string({ error: AUTH_TEXT.passwordRequired })
  .min(1, { error: AUTH_TEXT.passwordRequired, abort: true })
  .min(PASSWORD_MIN, AUTH_TEXT.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong);

export const ResetPasswordRequest = z
  .object({
    token: z
      .string({ error: AUTH_TEXT.resetTokenInvalid })
      .min(1, { error: AUTH_TEXT.resetTokenInvalid, abort: true })
      .max(200),
    email,
    password: newPassword,
    password_confirmation: z
      .string({ error: AUTH_TEXT.confirmPasswordRequired })
      .min(1, { error: AUTH_TEXT.confirmPasswordRequired, abort: true }),
  })
  .refine((v) => v.password_confirmation === '' || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: AUTH_TEXT.passwordMismatch,
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const SessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  ...userNamesView,
  role: Role,
  has_picture: z.boolean(),
});

export const SessionView = z.object({
  area: z.enum(['platform', 'tenant']),
  /** logo_url changes whenever the logo does, so browsers never show a stale one. */
  tenant: z.object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    has_logo: z.boolean(),
    logo_url: z.string().nullable(),
  }),
  user: SessionUser.nullable(),
  abilities: z.array(z.enum(ACTIONS)),
  /** MAP_TILE_URL; null means maps draw markers and routes on a plain background. */
  map: z.object({ tile_url: z.string().nullable() }),
});
export type SessionView = z.infer<typeof SessionView>;
