// Bringing staff into the back office: the administrator's invitation, and the page the invitation's link
// opens (no session: the link proves itself), where the new member sets a password and enrols the
// authenticator app.
import { z } from 'zod';
import { STAFF_ROLES, emailField } from './auth';
import { dataOf } from './common';
import { newPasswordField } from './password';

export const INVITATION_TOKEN_MISSING =
  'В ссылке нет кода приглашения: откройте ссылку из письма целиком';

export const staffInvitationBody = z.object({
  email: emailField,
  name: z
    .string({ error: 'Укажите имя' })
    .trim()
    .min(1, 'Укажите имя')
    .max(100, 'Имя длиннее 100 символов'),
  role: z.enum(STAFF_ROLES, { error: 'Выберите роль' }),
});
export type StaffInvitationBody = z.input<typeof staffInvitationBody>;

export const staffInvitation = z.object({
  /** The account invited (new, or an existing one that gets the role when it accepts). */
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The account had no password: the page asks for one. Otherwise the password stays theirs. */
  set_password: z.boolean(),
  expires_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;
export const staffInvitationResponse = dataOf(staffInvitation);

const invitationToken = z
  .string({ error: INVITATION_TOKEN_MISSING })
  .trim()
  .min(1, INVITATION_TOKEN_MISSING)
  .max(200, INVITATION_TOKEN_MISSING);

/** POST /admin/invitation/open: the token of the link (`/admin/invitation#…`). */
export const invitationOpenBody = z.object({ token: invitationToken });

export const openedInvitation = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  set_password: z.boolean(),
  /** What to add to the authenticator app: the base32 secret and its otpauth:// URI. */
  totp: z.object({ secret: z.string(), uri: z.string() }),
  expires_at: z.string(),
});
export type OpenedInvitation = z.infer<typeof openedInvitation>;
export const openedInvitationResponse = dataOf(openedInvitation);

export const invitationAcceptBody = z.object({
  token: invitationToken,
  /** Required when the invitation says set_password; ignored otherwise. */
  password: newPasswordField.optional(),
  code: z
    .string({ error: 'Введите шестизначный код из приложения-аутентификатора' })
    .trim()
    .regex(/^\d{6}$/u, 'Код — шесть цифр из приложения-аутентификатора'),
});
export type InvitationAcceptBody = z.input<typeof invitationAcceptBody>;

export const acceptedInvitationResponse = dataOf(
  z.object({ email: z.string(), role: z.enum(STAFF_ROLES) }),
);
