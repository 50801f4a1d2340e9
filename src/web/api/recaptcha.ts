import { CAPTCHA_SCRIPT_POLL_MS } from '@contract/constants';
import { fetchPublicConfig, publicConfigKey } from './config';
import { queryClient } from './query-client';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Give up waiting for Google's script after this long: the form is sent without a token. */
const SCRIPT_WAIT_MS = 15_000;

const loads = new Map<string, Promise<Grecaptcha | null>>();

/** src/server/integrations/captcha/README.md: loads api.js for the site key once and polls every 25 ms until grecaptcha is ready. */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha | null> {
  const existing = loads.get(siteKey);
  if (existing) return existing;
  const pending = new Promise<Grecaptcha | null>((resolve) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.defer = true;
    document.head.append(script);
    const startedAt = Date.now();
    const poll = setInterval(() => {
      const api = window.grecaptcha;
      if (api && typeof api.ready === 'function' && typeof api.execute === 'function') {
        clearInterval(poll);
        api.ready(() => resolve(api));
      } else if (Date.now() - startedAt > SCRIPT_WAIT_MS) {
        clearInterval(poll);
        resolve(null);
      }
    }, CAPTCHA_SCRIPT_POLL_MS);
  });
  loads.set(siteKey, pending);
  return pending;
}

async function siteKey(): Promise<string | null> {
  try {
    const config = await queryClient.fetchQuery({
      queryKey: publicConfigKey,
      queryFn: fetchPublicConfig,
      staleTime: Infinity,
    });
    return config.recaptcha_site_key;
  } catch {
    return null;
  }
}

/** Action names may hold letters, digits, '/' and '_' only (src/server/integrations/captcha/README.md). */
export function captchaAction(action: string): string {
  return action.replace(/[^A-Za-z0-9/_]/g, '_');
}

/**
 * A reCAPTCHA v3 token for the action, or undefined when captcha is off (no site key) or Google's
 * script could not be reached — the server then decides.
 */
export async function getCaptchaToken(action: string): Promise<string | undefined> {
  const key = await siteKey();
  if (!key) return undefined;
  const api = await loadRecaptcha(key);
  if (!api) return undefined;
  try {
    return await api.execute(key, { action: captchaAction(action) });
  } catch {
    return undefined;
  }
}

/** Starts loading the script early (when a form opens) so the token is quick on submit. */
export function preloadRecaptcha(): void {
  void siteKey().then((key) => {
    if (key) void loadRecaptcha(key);
  });
}
