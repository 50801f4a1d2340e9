import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { EMAIL_TOKEN_TTL_MS } from '../../modules/auth/email-tokens';
import { MAIL_JOB, queueMail, type MailRequest } from './queue';
import { renderMail, renderMailContent } from './render';
import { CONFIRMATION_LINK_HOURS, confirmationMail } from './templates/confirmation';
import { PASSWORD_RESET_LINK_MINUTES } from './templates/password-reset';

let database: TestDatabase;
const config = testConfig({ PUBLIC_URL: 'https://umnyashki.example' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
});

const confirmUrl = 'https://umnyashki.example/confirmed?verified_token=abc_DEF-123&x=1';
const confirmation: MailRequest = {
  template: 'confirmation',
  to: 'mama@example.ru',
  data: { name: 'Анна', url: confirmUrl },
};

describe('templates', () => {
  const all: MailRequest[] = [
    confirmation,
    {
      template: 'password-reset',
      to: 'mama@example.ru',
      data: {
        name: 'Анна',
        url: 'https://umnyashki.example/password-reset?token=t&email=mama%40example.ru',
      },
    },
    { template: 'password-changed', to: 'mama@example.ru', data: { name: 'Анна' } },
    { template: 'welcome', to: 'mama@example.ru', data: { name: 'Анна' } },
  ];

  it.each(all)(
    '$template: Russian subject, school look, both parts, no unsubscribe header',
    async (request) => {
      const mail = await renderMail(request, config);
      expect(mail.from).toBe(config.mail.from);
      expect(mail.to).toBe('mama@example.ru');
      expect(mail.subject).toMatch(/^[А-ЯЁ][а-яё ]+/);
      expect(mail.html).toContain('lang="ru"');
      expect(mail.html).toContain('Школа Умняшек');
      expect(mail.html).toContain('#6c4cf1');
      expect(mail.html).toContain('Здравствуйте, Анна!');
      expect(mail.html).toContain(`mailto:${config.supportEmail}`);
      expect(mail.html).toContain('Вы получили это письмо, потому что');
      expect(mail.text).toContain('Здравствуйте, Анна!');
      expect(mail.text).toContain(config.supportEmail);
      expect(mail.text).toContain('Вы получили это письмо, потому что');
      expect(mail.text).not.toMatch(/<[a-z]/i);
      expect(mail.headers).toEqual({});
      if ('url' in request.data) {
        expect(mail.html).toContain(request.data.url.replace(/&/g, '&amp;'));
        expect(mail.text).toContain(request.data.url);
      }
    },
  );

  it('promise the link lifetimes the accounts service gives its tokens', () => {
    expect(CONFIRMATION_LINK_HOURS * 3_600_000).toBe(EMAIL_TOKEN_TTL_MS.verify_email);
    expect(PASSWORD_RESET_LINK_MINUTES * 60_000).toBe(EMAIL_TOKEN_TTL_MS.password_reset);
  });

  it('confirmation: valid 24 hours', async () => {
    const mail = await renderMail(confirmation, config);
    expect(mail.subject).toBe('Подтвердите адрес почты');
    expect(mail.text).toContain('Подтвердить адрес: ' + confirmUrl);
    expect(mail.text).toContain('Ссылка действует 24\u00a0часа');
  });

  it('password reset: valid 60 minutes, and what to do if it was not you', async () => {
    const mail = await renderMail(all[1] as MailRequest, config);
    expect(mail.subject).toBe('Восстановление пароля');
    expect(mail.text).toContain('Ссылка действует 60\u00a0минут и сработает только один раз');
    expect(mail.text).toContain('Если это были не вы');
  });

  it('password changed: tells what to do if it was not them', async () => {
    const mail = await renderMail(all[2] as MailRequest, config);
    expect(mail.subject).toBe('Пароль изменён');
    expect(mail.text).toContain('Если вы пароль не меняли');
    expect(mail.text).toContain('«Забыли пароль?»');
  });

  it('welcome: points at adding a child', async () => {
    const mail = await renderMail(all[3] as MailRequest, config);
    expect(mail.subject).toBe('Добро пожаловать в Школу Умняшек!');
    expect(mail.text).toContain('Добавить ребёнка: https://umnyashki.example/personal/students');
  });

  it('escapes what the parent typed as a name', async () => {
    const mail = await renderMail(
      { template: 'welcome', to: 'a@example.ru', data: { name: '<img src=x onerror=alert(1)>' } },
      config,
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('greets without a name when there is none', async () => {
    const mail = await renderMail(
      { template: 'welcome', to: 'a@example.ru', data: { name: ' ' } },
      config,
    );
    expect(mail.text).toContain('Здравствуйте!');
  });

  it('mailing mail (later) gets RFC 8058 one-click unsubscribe headers and a visible link', async () => {
    const context = { publicUrl: config.publicUrl, supportEmail: config.supportEmail };
    const content = {
      ...confirmationMail({ name: 'Анна', url: confirmUrl }),
      unsubscribe: {
        url: 'https://umnyashki.example/unsubscribe?token=u1',
        mailto: 'unsubscribe@umnyashki.ru',
      },
    };
    const mail = await renderMailContent(content, context);
    expect(mail.headers).toEqual({
      'List-Unsubscribe':
        '<https://umnyashki.example/unsubscribe?token=u1>, <mailto:unsubscribe@umnyashki.ru>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain('Отписаться от этой рассылки');
    expect(mail.text).toContain(
      'Отписаться от этой рассылки: https://umnyashki.example/unsubscribe?token=u1',
    );
  });
});

describe('queueMail', () => {
  it('stores a mail job and nothing is sent until the jobs run', async () => {
    await queueMail(database.db, confirmation);
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ kind: MAIL_JOB, status: 'pending', payload: confirmation });
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('queues nothing for the placeholder address of a social account without e-mail', async () => {
    await queueMail(database.db, {
      template: 'welcome',
      to: 'vk-123-abc@no-email.invalid',
      data: { name: 'Маша' },
    });
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('refuses a request that does not fit its template', async () => {
    const bad = [
      { ...confirmation, to: 'not an address' },
      { ...confirmation, to: 'a@example.ru, b@example.ru' },
      { template: 'confirmation', to: 'a@example.ru', data: { name: 'Анна' } },
      {
        template: 'confirmation',
        to: 'a@example.ru',
        data: { name: 'Анна', url: 'javascript:alert(1)' },
      },
      { template: 'newsletter', to: 'a@example.ru', data: {} },
    ];
    for (const request of bad) {
      await expect(queueMail(database.db, request as MailRequest)).rejects.toThrow();
    }
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('fails a job whose payload is not a mail request without retrying', async () => {
    const [row] = await database.db
      .insert(jobs)
      .values({ kind: MAIL_JOB, payload: { template: 'unknown' } })
      .returning();
    expect(await runDueJobs({ db: database.db, config })).toEqual({
      done: 0,
      retried: 0,
      failed: 1,
    });
    const [after] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, row?.id ?? 0));
    expect(after?.status).toBe('failed');
    expect(after?.lastError).toMatch(/not a mail request/);
  });
});

describe('without SMTP_URL: the outbox', () => {
  it('puts the rendered mail in the outbox, readable at /sandbox/mail/api/messages', async () => {
    const time = manualClock();
    await queueMail(database.db, confirmation);
    await queueMail(database.db, {
      template: 'welcome',
      to: 'papa@example.ru',
      data: { name: 'Олег' },
    });
    expect(await runDueJobs({ db: database.db, config, clock: time.clock })).toEqual({
      done: 2,
      retried: 0,
      failed: 0,
    });

    const app = await createTestApp({ db: database.db, config });
    try {
      const res = await app.inject({ url: '/sandbox/mail/api/messages?to=MAMA@example.ru' });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({
        to: 'mama@example.ru',
        from: config.mail.from,
        subject: 'Подтвердите адрес почты',
        template: 'confirmation',
        headers: {},
        created_at: time.clock().toISOString(),
      });
      expect(data[0].links).toContain(confirmUrl);
      expect(data[0].text).toContain(confirmUrl);
      expect(data[0].html).toContain('Школа Умняшек');

      const everyone = (await app.inject({ url: '/sandbox/mail/api/messages' })).json().data;
      expect(everyone.map((m: { to: string }) => m.to)).toEqual([
        'papa@example.ru',
        'mama@example.ru',
      ]);
    } finally {
      await app.close();
    }
  });
});

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port; `reject` makes it refuse mail with a temporary error. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { reject: false };
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.reject) {
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  const port = await new Promise<number>((resolve) => {
    const net = server.listen(0, '127.0.0.1', () => resolve((net.address() as AddressInfo).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Just enough MIME to read back what nodemailer wrote: header unfolding, encoded words, QP and base64.
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function parseMessage(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = new Map<string, string>();
  if (boundary) {
    for (const section of rest.join('\r\n\r\n').split(`--${boundary}`).slice(1, -1)) {
      const [partHead = '', ...partBody] = section.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const partHeaders = parseHeaders(partHead);
      const body = partBody.join('\r\n\r\n');
      const encoding = partHeaders.get('content-transfer-encoding');
      const decoded =
        encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? decodeQuotedPrintable(body)
            : body;
      parts.set((partHeaders.get('content-type') ?? '').split(';')[0] ?? '', decoded);
    }
  }
  return { headers, parts };
}

describe('with SMTP_URL: real delivery', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('sends the mail over SMTP with the subject, both parts and the headers', async () => {
    const smtpConfig = testConfig({ PUBLIC_URL: 'https://umnyashki.example', SMTP_URL: smtp.url });
    await queueMail(database.db, confirmation);
    expect(await runDueJobs({ db: database.db, config: smtpConfig })).toEqual({
      done: 1,
      retried: 0,
      failed: 0,
    });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('noreply@umnyashki.ru');
    expect(mail?.to).toEqual(['mama@example.ru']);
    const { headers, parts } = parseMessage(mail?.raw ?? '');
    expect(headers.get('subject')).toBe('Подтвердите адрес почты');
    expect(headers.get('from')).toBe('Школа Умняшек <noreply@umnyashki.ru>');
    expect(headers.get('to')).toBe('mama@example.ru');
    expect(headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(headers.get('date')).toBeTruthy();
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    // Transactional mail: no unsubscribe headers (CONTRACTS §4).
    expect(headers.has('list-unsubscribe')).toBe(false);
    expect(parts.get('text/plain')).toContain(`Подтвердить адрес: ${confirmUrl}`);
    expect(parts.get('text/html')).toContain('Школа Умняшек');
    expect(parts.get('text/html')).toContain(confirmUrl.replace(/&/g, '&amp;'));

    // Nothing went to the outbox.
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('retries with backoff when the SMTP server refuses, and delivers later', async () => {
    const time = manualClock();
    const smtpConfig = testConfig({ SMTP_URL: smtp.url });
    const deps = { db: database.db, config: smtpConfig, clock: time.clock };
    smtp.state.reject = true;
    await queueMail(database.db, confirmation);

    expect(await runDueJobs(deps)).toEqual({ done: 0, retried: 1, failed: 0 });
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.lastError).toMatch(/451|Mailbox busy/);
    expect(job?.runAt.getTime()).toBe(time.clock().getTime() + 30_000);
    expect(smtp.received).toHaveLength(0);

    smtp.state.reject = false;
    time.advance(30_000);
    expect(await runDueJobs(deps)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('retries when no SMTP server answers at all', async () => {
    const port = Number(new URL(smtp.url).port);
    await smtp.close();
    smtp = await startSmtpServer(); // the afterEach hook closes this one
    const deps = { db: database.db, config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }) };
    await queueMail(database.db, confirmation);
    expect(await runDueJobs(deps)).toEqual({ done: 0, retried: 1, failed: 0 });
    const [job] = await database.db.select().from(jobs);
    expect(job?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});
