// Test kit for the mailing test files (campaigns, choices and unsubscribe, lesson reminders): the sandbox
// outbox as the parent reads it, the job run that sends the mail, and families able to receive it.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { consents, mailingCategories, regions, users } from '../db/schema/index';
import { runDueJobs } from '../jobs/runner';
import type { Family, learningWorld } from './learning';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  links: string[];
}

/** Helpers over a file's learning world; call at the top of the file, after `learningWorld()`. */
export function mailingKit(world: ReturnType<typeof learningWorld>) {
  const deps = () => ({ db: world.db, config: world.config, clock: world.time.clock });

  return {
    async outbox(to: string): Promise<SentMail[]> {
      const res = await world.app.inject({
        url: `/sandbox/mail/api/messages?to=${encodeURIComponent(to)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: SentMail[] }>().data;
    },

    deps,

    async runJobs() {
      await runDueJobs(deps());
    },

    /** A region's id by its code (RU-PRI…): the family's clock for reminders and the weekly letter. */
    async regionId(code: string): Promise<number> {
      const [row] = await world.db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.code, code));
      if (!row) throw new Error(`no region ${code}`);
      return row.id;
    },

    async categoryId(slug: string): Promise<number> {
      const [row] = await world.db
        .select({ id: mailingCategories.id })
        .from(mailingCategories)
        .where(eq(mailingCategories.slug, slug));
      if (!row) throw new Error(`no category ${slug}`);
      return row.id;
    },

    /** A family whose address is confirmed, with or without the mailing consent given at registration. */
    async parent(options: { consent: boolean }): Promise<Family & { email: string }> {
      const family = await world.family();
      const [user] = await world.db
        .update(users)
        .set({ emailVerifiedAt: world.time.clock() })
        .where(eq(users.id, family.userId))
        .returning({ email: users.email });
      if (options.consent) {
        await world.db.insert(consents).values({
          userId: family.userId,
          kind: 'mailing',
          documentSlug: 'mailing-consent',
          documentVersion: '1',
          ip: '10.0.0.1',
        });
      }
      return { ...family, email: user?.email ?? '' };
    },
  };
}
