// The 'password-reset' job: the account lookup, the link and the letter of a reset request, kept out of
// the request so that a known and an unknown address cost it the same. At-least-once delivery may run it
// twice; the worst outcome is a second letter with a second working link, which the parent can ignore.
import { z } from 'zod';
import { PermanentJobError, type JobHandler } from '../../jobs/types';
import { sendPasswordResetLink } from './password-reset';

const payloadSchema = z.object({ email: z.string().min(1).max(320) });

export const passwordResetJob: JobHandler = async (payload, { db, config, clock }) => {
  const parsed = payloadSchema.safeParse(payload);
  // Retrying cannot repair a payload; the reason stays in last_error, without the address.
  if (!parsed.success) throw new PermanentJobError('not a password-reset request');
  await sendPasswordResetLink({
    db,
    clock,
    publicUrl: config.publicUrl,
    email: parsed.data.email,
  });
};
