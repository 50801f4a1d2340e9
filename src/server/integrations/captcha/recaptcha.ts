// reCAPTCHA v3 server check (src/server/integrations/captcha/README.md). Off (always passes) when no secret is configured.
import type { RecaptchaConfig } from '../../config';

export interface CaptchaVerifier {
  readonly enabled: boolean;
  /** True when the token is a fresh, human-enough answer for this action. */
  verify(token: string | null | undefined, action: string, remoteIp?: string): Promise<boolean>;
}

interface SiteverifyReply {
  success?: boolean;
  score?: number;
  action?: string;
}

const VERIFY_TIMEOUT_MS = 5000;

export function createCaptchaVerifier(config: RecaptchaConfig | null): CaptchaVerifier {
  if (!config) return { enabled: false, verify: async () => true };
  return {
    enabled: true,
    async verify(token, action, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({ secret: config.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(config.verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const body = (await response.json()) as SiteverifyReply;
        return (
          body.success === true &&
          body.action === action &&
          typeof body.score === 'number' &&
          body.score >= config.minScore
        );
      } catch {
        // Fail closed: an unverifiable answer is not a human one. The form says to try again.
        return false;
      }
    },
  };
}
