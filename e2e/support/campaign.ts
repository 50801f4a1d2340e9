// A campaign letter in a parent's mailbox, sent by the administrator through the API: for the journeys
// that open its «Отписаться» link or read its log in the back office.
import { domainToASCII } from 'node:url';
import { registerParent, waitForMail, type TestParent } from './accounts';

/** The administrator's back-office token (the demo's administrator signs in without a code). */
export async function adminToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@umnyashki.ru', password: 'umnyashki-admin' }),
  });
  if (!res.ok) throw new Error(`Admin login failed: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The address as the school stores and mails it: the domain in punycode. */
export const storedAddress = (email: string): string => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}@${domainToASCII(email.slice(at + 1))}`;
};

export interface CampaignLetter {
  parent: TestParent;
  campaignId: number;
  subject: string;
  unsubscribeLink: string;
}

/**
 * A parent with a long address on a Cyrillic domain, who agreed to mailings and confirmed it, and a
 * «Новости школы» campaign sent to them.
 */
export async function campaignToLongCyrillicAddress(baseUrl: string): Promise<CampaignLetter> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `мама-${stamp}@семейная-почта-умняшек.рф`;
  const parent = await registerParent(baseUrl, { email, consentMailing: true });
  const stored = storedAddress(email);
  const confirm = await waitForMail(baseUrl, stored, 'Подтвердите адрес почты');
  const link = confirm.links.find((href) => href.includes('verified_token='));
  const token = link ? (new URL(link).searchParams.get('verified_token') ?? '') : '';
  const verified = await fetch(
    `${baseUrl}/api/auth/register/verification?verified_token=${encodeURIComponent(token)}`,
  );
  if (!verified.ok) throw new Error(`Confirmation failed: ${verified.status}`);

  const admin = await adminToken(baseUrl);
  const call = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api/admin/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify(body),
    });
  const categories = (await (
    await fetch(`${baseUrl}/api/admin/mailing-categories?requires_consent=true`, {
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json()) as { data: { id: number; title: string }[] };
  const news = categories.data.find((category) => category.title === 'Новости школы');
  if (!news) throw new Error('No «Новости школы» category');
  const subject = `Новые уроки ${stamp}`;
  const created = await call('campaigns', {
    category_id: news.id,
    subject,
    body: 'Мы добавили новые уроки про зиму. Смотрите их вместе с ребёнком.',
  });
  if (created.status !== 201) throw new Error(`Campaign not created: ${await created.text()}`);
  const campaignId = ((await created.json()) as { data: { id: number } }).data.id;
  const sent = await call(`campaigns/${campaignId}/send`, {});
  if (!sent.ok) throw new Error(`Campaign not sent: ${await sent.text()}`);

  const letter = await waitForMail(baseUrl, stored, subject, 30_000);
  const unsubscribeLink = letter.links.find((href) => href.includes('/unsubscribe?token='));
  if (!unsubscribeLink) throw new Error('The campaign has no unsubscribe link');
  return { parent, campaignId, subject, unsubscribeLink };
}
