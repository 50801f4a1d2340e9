// Idempotent seed: reference data, demo content and the first accounts. Every row is inserted with
// ON CONFLICT DO NOTHING on its natural key, so a second run changes nothing — and nothing an
// administrator edited since is overwritten. The one update: a page whose stored body is exactly one an
// earlier release seeded (SeedPage.replaces, SeedInstruction.replaces) gets the current wording. Rows are switched off (is_active), not deleted, so a
// restart does not bring back what was retired.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { hashPassword } from '../../shared/passwords';
import type { Database } from '../client';
import {
  additionalProgramOffers,
  additionalPrograms,
  ageGroups,
  instructions,
  landingContents,
  mailingCategories,
  pages,
  promoCodes,
  regions,
  tariffs,
  users,
} from '../schema/index';
import type { SeedContent } from './content';
import { seedLearning } from './seed-learning';
import { keepLeftEverything } from './seed-mailing';
import type { SeedTariff } from './data/types';
import { demoPromoCodes } from './data/promo-codes';
import { regionTimeZone } from './data/region-time-zones';

export const DEMO_PARENT = {
  email: 'demo@umnyashki.ru',
  password: 'umnyashki-demo',
  name: 'Анна',
  surname: 'Смирнова',
} as const;

export interface SeedSummary {
  /** Rows written per table by this run (0 everywhere on a second run). */
  inserted: Record<string, number>;
}

/** Stable key of a tariff: subscription-6m-2c, subscription-trial-7d-1c, gift-12m-1c. */
export function tariffCode(t: SeedTariff): string {
  const length = t.is_free ? `trial-${t.trial_days}d` : `${t.duration}m`;
  return `${t.kind}-${length}-${t.amount_children}c`;
}

interface Account {
  email: string;
  password: string;
  name: string;
  surname: string;
  role: 'parent' | 'admin';
}

function accountsFor(config: Config): Account[] {
  const accounts: Account[] = [
    {
      email: config.admin.email,
      password: config.admin.password,
      name: 'Администратор',
      surname: '',
      role: 'admin',
    },
  ];
  // The demo parent exists only in demo mode: a known password has no place on a real site.
  if (config.demo) accounts.push({ ...DEMO_PARENT, role: 'parent' });
  return accounts;
}

export async function seedDatabase({
  db,
  config,
  content,
  now = new Date(),
}: {
  db: Database;
  config: Config;
  content: SeedContent;
  now?: Date;
}): Promise<SeedSummary> {
  // Hash only the passwords of accounts that do not exist yet: argon2 is slow on purpose.
  const accounts = accountsFor(config);
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  const known = new Set(existing.map((u) => u.email));
  const newAccounts = await Promise.all(
    accounts
      .filter((a) => !known.has(a.email))
      .map(async (a) => ({
        email: a.email,
        passwordHash: await hashPassword(a.password),
        name: a.name,
        surname: a.surname,
        role: a.role,
        emailVerifiedAt: now,
      })),
  );

  return db.transaction(async (tx) => {
    const inserted: Record<string, number> = {};
    const count = (table: string, rows: unknown[]) => {
      inserted[table] = (inserted[table] ?? 0) + rows.length;
    };

    if (content.regions.length > 0) {
      count(
        'regions',
        await tx
          .insert(regions)
          .values(
            content.regions.map((r) => ({
              name: r.name,
              code: r.code,
              timeZone: regionTimeZone(r.code),
            })),
          )
          .onConflictDoNothing({ target: regions.code })
          .returning({ id: regions.id }),
      );
    }

    if (content.ageGroups.length > 0) {
      count(
        'age_groups',
        await tx
          .insert(ageGroups)
          .values(
            content.ageGroups.map((g) => ({
              slug: g.slug,
              title: g.title,
              minAge: g.min_age,
              maxAge: g.max_age,
              description: g.description,
              skills: g.skills,
              topics: g.topics,
            })),
          )
          .onConflictDoNothing({ target: ageGroups.slug })
          .returning({ id: ageGroups.id }),
      );
    }

    if (content.landing.length > 0) {
      count(
        'landing_contents',
        await tx
          .insert(landingContents)
          .values(
            content.landing.map((l) => ({
              key: l.key,
              bannerDescription: l.banner_description,
              bannerText: l.banner_text,
              videoHeading: l.video_heading,
              videoLink: l.video_link,
              videoPoster: l.video_poster,
              promoButton: l.promo_button,
              promoText: l.promo_text,
              specialText: l.special_text,
              offerPercent: l.offer_percent,
              keyValues: l.key_values,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing({ target: landingContents.key })
          .returning({ id: landingContents.id }),
      );
    }

    if (content.pages.length > 0) {
      count(
        'pages',
        await tx
          .insert(pages)
          .values(
            content.pages.map((p) => ({
              slug: p.slug,
              title: p.title,
              bodyHtml: p.body_html,
              version: p.version,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing({ target: pages.slug })
          .returning({ id: pages.id }),
      );
      for (const page of content.pages) {
        if (!page.replaces?.length) continue;
        count(
          'pages_updated',
          await tx
            .update(pages)
            .set({
              title: page.title,
              bodyHtml: page.body_html,
              version: page.version,
              updatedAt: now,
            })
            .where(
              and(
                eq(pages.slug, page.slug),
                inArray(sql<string>`md5(${pages.bodyHtml})`, [...page.replaces]),
              ),
            )
            .returning({ id: pages.id }),
        );
      }
    }

    if (content.instructions.length > 0) {
      count(
        'instructions',
        await tx
          .insert(instructions)
          .values(
            content.instructions.map((i) => ({
              slug: i.slug,
              title: i.title,
              bodyHtml: i.body_html,
              position: i.position,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing({ target: instructions.slug })
          .returning({ id: instructions.id }),
      );
      for (const instruction of content.instructions) {
        if (!instruction.replaces?.length) continue;
        count(
          'instructions_updated',
          await tx
            .update(instructions)
            .set({ title: instruction.title, bodyHtml: instruction.body_html, updatedAt: now })
            .where(
              and(
                eq(instructions.slug, instruction.slug),
                inArray(sql<string>`md5(${instructions.bodyHtml})`, [...instruction.replaces]),
              ),
            )
            .returning({ id: instructions.id }),
        );
      }
    }

    if (content.tariffs.length > 0) {
      count(
        'tariffs',
        await tx
          .insert(tariffs)
          .values(
            content.tariffs.map((t) => ({
              code: tariffCode(t),
              kind: t.kind,
              title: t.title,
              duration: t.duration,
              amountChildren: t.amount_children,
              price: t.price,
              isFree: t.is_free,
              trialDays: t.trial_days,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing({ target: tariffs.code })
          .returning({ id: tariffs.id }),
      );
    }

    if (content.additionalPrograms.length > 0) {
      count(
        'additional_programs',
        await tx
          .insert(additionalPrograms)
          .values(
            content.additionalPrograms.map((p, position) => ({
              slug: p.slug,
              title: p.title,
              description: p.description,
              locked: p.locked,
              icon: p.icon,
              position,
            })),
          )
          .onConflictDoNothing({ target: additionalPrograms.slug })
          .returning({ id: additionalPrograms.id }),
      );
      const ids = new Map(
        (
          await tx
            .select({ id: additionalPrograms.id, slug: additionalPrograms.slug })
            .from(additionalPrograms)
            .where(
              inArray(
                additionalPrograms.slug,
                content.additionalPrograms.map((p) => p.slug),
              ),
            )
        ).map((p) => [p.slug, p.id]),
      );
      const offers = content.additionalPrograms.flatMap((p) => {
        const programId = ids.get(p.slug);
        return programId === undefined
          ? []
          : p.offers.map((o) => ({
              additionalProgramId: programId,
              amountChildren: o.amount_children,
              price: o.price,
            }));
      });
      if (offers.length > 0) {
        count(
          'additional_program_offers',
          await tx
            .insert(additionalProgramOffers)
            .values(offers)
            .onConflictDoNothing({
              target: [
                additionalProgramOffers.additionalProgramId,
                additionalProgramOffers.amountChildren,
              ],
            })
            .returning({ id: additionalProgramOffers.id }),
        );
      }
    }

    await seedLearning(tx, content.mainPrograms, content.additionalLessons, count);

    if (content.mailingCategories.length > 0) {
      const known = await tx.select({ id: mailingCategories.id }).from(mailingCategories);
      const added = await tx
        .insert(mailingCategories)
        .values(
          content.mailingCategories.map((c, position) => ({
            slug: c.slug,
            title: c.title,
            description: c.description,
            requiresConsent: c.requires_consent,
            position,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({ target: mailingCategories.slug })
        .returning({ id: mailingCategories.id });
      count('mailing_categories', added);
      // A category new to a school that already had some: a parent who had left every mailing stays out.
      if (known.length > 0) {
        for (const category of added) await keepLeftEverything(tx, category.id, now);
      }
    }

    if (newAccounts.length > 0) {
      count(
        'users',
        await tx
          .insert(users)
          .values(newAccounts.map((a) => ({ ...a, createdAt: now, updatedAt: now })))
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id }),
      );
    }

    if (config.demo) {
      count(
        'promo_codes',
        await tx
          .insert(promoCodes)
          .values(demoPromoCodes.map((promo) => ({ ...promo, createdAt: now, updatedAt: now })))
          .onConflictDoNothing({ target: promoCodes.code })
          .returning({ id: promoCodes.id }),
      );
    }

    return { inserted };
  });
}
