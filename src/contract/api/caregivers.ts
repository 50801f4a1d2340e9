// The grown-ups of a family (docs/PRODUCT.md «Grown-ups of a family»): the owner invites a grandparent or a
// nanny by e-mail; they accept through the mailed link and share the family's children and lessons.
import { z } from 'zod';
import { emailField } from './auth';
import { dataOf } from './common';
import { FAMILY_ROLES, MAX_CAREGIVERS } from './values';

export const OWNER_ONLY =
  'Это может сделать только родитель, который оплачивает занятия. Попросите его об этом.';
export const CAREGIVERS_FULL = `В семье может быть не больше ${MAX_CAREGIVERS} близких`;
export const CAREGIVER_SELF = 'Это ваш адрес: пригласите другого взрослого';
export const CAREGIVER_ALREADY = 'Этот человек уже в вашей семье';
export const INVITATION_INVALID =
  'Ссылка приглашения устарела или уже использована. Попросите родителя прислать новую.';
export const ALREADY_IN_FAMILY =
  'Этот аккаунт уже связан с семьёй в школе: в нём есть свои дети, подписка или карта, либо вы уже ' +
  'состоите в семье. Чтобы принять приглашение, войдите с другим адресом.';
export const CAREGIVER_NOT_FOUND = 'Приглашение не найдено';

export const caregiverInviteBody = z.object({ email: emailField });
export const caregiverAcceptBody = z.object({
  token: z
    .string({ error: INVITATION_INVALID })
    .max(200, INVITATION_INVALID)
    .regex(/^[A-Za-z0-9_-]+$/, INVITATION_INVALID),
});
export const caregiverIdParams = z.object({
  id: z.coerce
    .number({ error: CAREGIVER_NOT_FOUND })
    .int(CAREGIVER_NOT_FOUND)
    .positive(CAREGIVER_NOT_FOUND)
    .max(2_147_483_647, CAREGIVER_NOT_FOUND),
});

export const caregiver = z.object({
  id: z.number().int(),
  /** As the owner typed it (a Cyrillic domain in Cyrillic). */
  email: z.string(),
  /** The caregiver's name once they have accepted and filled it in; '' otherwise. */
  name: z.string(),
  status: z.enum(['invited', 'expired', 'accepted']),
  invited_at: z.string(),
  /** When the link stops working (invited), or null once accepted. */
  expires_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
});
export type Caregiver = z.infer<typeof caregiver>;

export const caregiversResponse = dataOf(
  z.object({ caregivers: z.array(caregiver), max: z.number().int() }),
);
export const caregiverResponse = dataOf(caregiver);
export const caregiverAcceptResponse = dataOf(
  z.object({ family_role: z.enum(FAMILY_ROLES), owner_name: z.string() }),
);
