import type { PublicConfig } from '@contract/api/config';
import type { Config } from '../../config';

/** The school's pages in social networks (footer). */
export const SOCIAL_LINKS: PublicConfig['social_links'] = [
  { network: 'vk', title: 'ВКонтакте', url: 'https://vk.com/umnyashki' },
  { network: 'telegram', title: 'Telegram', url: 'https://t.me/umnyashki' },
  { network: 'ok', title: 'Одноклассники', url: 'https://ok.ru/umnyashki' },
];

/** Only what the browser needs; never a secret. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    app_store_url: config.appStoreUrl,
    play_store_url: config.playStoreUrl,
    metrika_counter_id: config.metrikaCounterId,
    recaptcha_site_key: config.recaptcha?.siteKey ?? null,
    fb_enabled: config.fb.enabled,
    vk_enabled: config.vk.enabled,
    social_links: SOCIAL_LINKS,
    support_email: config.supportEmail,
    sandbox: config.sandboxes,
    demo: config.demo,
  };
}
