import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { queueMail, type MailRequest } from './queue';

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
    // Transactional mail: no unsubscribe headers (src/server/integrations/mail/README.md).
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
