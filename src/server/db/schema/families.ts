// The grown-ups of a family besides the parent who pays (docs/PRODUCT.md «Grown-ups of a family»).
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './timestamps';

/**
 * An invitation of a grandparent or a nanny into a family, and, once accepted, their membership. The owner
 * is the account whose children and subscription the family shares. Only the link's SHA-256 is kept, and it
 * is cleared when the link is spent. A person is a caregiver of one family at most (the unique index), so
 * two acceptances at once cannot place one account in two families.
 */
export const familyCaregivers = pgTable(
  'family_caregivers',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invited address in its stored form: an invitation is re-sent rather than doubled. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').unique(),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    caregiverId: integer('caregiver_id').references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('family_caregivers_owner_email_unique').on(t.ownerId, t.email),
    uniqueIndex('family_caregivers_caregiver_unique').on(t.caregiverId),
  ],
);
