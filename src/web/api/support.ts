import { CAPTCHA_ACTIONS } from '@contract/api/auth';
import type { SupportBody, SupportReceipt } from '@contract/api/support';
import { getCaptchaToken } from './recaptcha';
import { api } from './client';

export type { SupportReceipt } from '@contract/api/support';

/** docs/ARCHITECTURE.md «Error codes»: /user-support shows its own errors beside the form (it is in the self-handled list). */
export async function sendSupportRequest(
  body: Omit<SupportBody, 'captcha_token'>,
): Promise<SupportReceipt> {
  const captcha_token = await getCaptchaToken(CAPTCHA_ACTIONS.support);
  return (
    await api.post<{ data: SupportReceipt }>(
      'user-support',
      { ...body, captcha_token },
      { handlesErrors: true },
    )
  ).data.data;
}
