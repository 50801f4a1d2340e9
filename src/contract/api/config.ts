import { z } from 'zod';
import { dataOf } from './common';

/** What the browser needs to know of the server's configuration; nothing secret. */
export const publicConfig = z.object({
  app_store_url: z.string(),
  play_store_url: z.string(),
  /** Yandex Metrika counter id; null → the silent stub. */
  metrika_counter_id: z.string().nullable(),
  /** reCAPTCHA v3 site key; null → captcha off. */
  recaptcha_site_key: z.string().nullable(),
  fb_enabled: z.boolean(),
  vk_enabled: z.boolean(),
  social_links: z.array(z.object({ network: z.string(), title: z.string(), url: z.string() })),
  support_email: z.string(),
  /** Same as `demo`; the screens that link to the sandboxes read this name. */
  sandbox: z.boolean(),
  /**
   * Demo mode (a developer's machine or a public demo stand): mail goes to the outbox at /sandbox/mail and
   * every page says so.
   */
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
export const publicConfigResponse = dataOf(publicConfig);
