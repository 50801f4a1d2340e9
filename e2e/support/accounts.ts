// Fresh parents and their mail for the account journeys. Registration through the API costs one of the
// server's 10 registrations per hour from this address (one server serves every file): use it sparingly.
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * POSTs JSON from a random loopback address of its own (127.x.y.z, never 127.0.0.1): the server counts registrations per client
 * address (10 an hour), and the browser journeys that register through the form need 127.0.0.1's share.
 */
function postFromOwnAddress(
  url: string,
  payload: unknown,
): Promise<{ status: number; text: string }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: `127.${1 + randomInt(250)}.${randomInt(250)}.${1 + randomInt(250)}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface TestParent {
  name: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** An address nobody has used on this server: the run's time, a random part and a counter. */
export function uniqueEmail(label: string): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${Date.now().toString(36)}-${random}-${counter}@example.ru`;
}

/** Registers a parent through the API (POST /api/auth/register) and gives their credentials and token. */
export async function registerParent(
  baseUrl: string,
  {
    label = 'parent',
    name = 'Анна',
    consentMailing = false,
    email = uniqueEmail(label),
  }: { label?: string; name?: string; consentMailing?: boolean; email?: string } = {},
): Promise<TestParent> {
  const password = `umnyashki-${Math.random().toString(36).slice(2, 10)}`;
  const res = await postFromOwnAddress(`${baseUrl}/api/auth/register`, {
    email,
    password,
    name,
    consent_personal_data: true,
    ...(consentMailing ? { consent_mailing: true } : {}),
  });
  if (res.status !== 201) {
    throw new Error(`Registration of ${email} failed: ${res.status} ${res.text}`);
  }
  const body = JSON.parse(res.text) as { data: { token: string } };
  return { name, email, password, token: body.data.token };
}

/**
 * Stores the token the way the SPA does, before every page of the context loads. For journeys that stay
 * logged in: after «Выйти» the next page would be logged in again.
 */
export async function storeToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((stored: string) => {
    window.localStorage.setItem('user-token', stored);
  }, token);
}

export interface SandboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Waits until the outbox sandbox holds a mail with this subject for `to`, newest first. */
export async function waitForMail(
  baseUrl: string,
  to: string,
  subject: string,
  timeoutMs = 15_000,
): Promise<SandboxMail> {
  const started = Date.now();
  const url = `${baseUrl}/sandbox/mail/api/messages?to=${encodeURIComponent(to)}`;
  for (;;) {
    const res = await fetch(url);
    if (res.ok) {
      const body = (await res.json()) as { data: SandboxMail[] };
      const mail = body.data.find((message) => message.subject === subject);
      if (mail) return mail;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`No mail «${subject}» for ${to} within ${timeoutMs} ms`);
    }
    // The mail goes through the jobs queue: poll until it is delivered to the outbox.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Reads the mail the way a parent of the demo does: the sandbox mailbox filtered by the address, the
 * mail by its subject, then the link in it whose address contains `linkPart`. Leaves the page on the
 * school's page the link opens.
 */
export async function followMailLink(
  page: Page,
  baseUrl: string,
  { to, subject, linkPart }: { to: string; subject: string; linkPart: string },
): Promise<string> {
  const mail = await waitForMail(baseUrl, to, subject);
  const link = mail.links.find((href) => href.includes(linkPart));
  if (!link) throw new Error(`The mail «${subject}» has no link with ${linkPart}: ${mail.links}`);

  await page.goto(`/sandbox/mail?to=${encodeURIComponent(to)}`);
  // Newest first: the first mail with this subject is the one just sent.
  await page.getByRole('link', { name: subject }).first().click();
  await page.getByRole('heading', { level: 1, name: subject }).waitFor();
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL((url) => url.href === link);
  return link;
}
