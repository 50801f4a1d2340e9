import type { SeedContent } from '../db/seed/content';

/** Seeds nothing but the accounts: for tests that bring their own rows. */
export const NO_CONTENT: SeedContent = {
  regions: [],
  ageGroups: [],
  landing: [],
  pages: [],
  instructions: [],
  tariffs: [],
  additionalPrograms: [],
  mainPrograms: [],
  additionalLessons: [],
  mailingCategories: [],
};

/** A clock the test moves by hand. */
export function manualClock(start = '2026-03-02T09:00:00Z') {
  let now = new Date(start);
  return {
    clock: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** A complete production environment (every required variable, no demo value), for tests of production. */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused/db',
  PUBLIC_URL: 'https://umnyashki.ru',
  SMTP_URL: 'smtp://mail:25',
  MAIL_FROM: 'noreply@umnyashki.ru',
  SBERBANK_API_URL: 'https://securepayments.sberbank.ru/payment/rest/',
  SBERBANK_USERNAME: 'u',
  SBERBANK_PASSWORD: 'p',
  SBERBANK_CALLBACK_KEY: 'k',
  VK_CLIENT_ID: '1',
  VK_CLIENT_SECRET: 's',
  ADMIN_EMAIL: 'head@umnyashki.ru',
  ADMIN_PASSWORD: 'a-long-admin-password',
  SUPPORT_EMAIL: 'help@umnyashki.ru',
  TRUST_PROXY: 'none',
  MEDIA_SIGNING_SECRET: 'a-production-key-of-the-video-links-0123456789',
};
