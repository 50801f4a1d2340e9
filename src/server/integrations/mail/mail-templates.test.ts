import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { testConfig } from '../../testing/test-app';
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
    {
      template: 'staff-invitation',
      to: 'mama@example.ru',
      data: {
        name: 'Анна',
        role: 'support',
        url: 'https://umnyashki.example/admin/invitation#abc_DEF-123',
        set_password: true,
      },
    },
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

  it('staff invitation: the role, 24 hours, once; the password kept where the account has one', async () => {
    const request = all.find((r) => r.template === 'staff-invitation');
    if (request?.template !== 'staff-invitation') throw new Error('no invitation in the list');
    const fresh = await renderMail(request, config);
    expect(fresh.subject).toBe('Приглашение в админку Школы Умняшек');
    expect(fresh.text).toContain('в роли сотрудника поддержки');
    expect(fresh.text).toContain('придумаете пароль');
    expect(fresh.text).toContain('Ссылка действует 24\u00a0часа и сработает только один раз');
    const parent = await renderMail(
      { ...request, data: { ...request.data, role: 'editor', set_password: false } },
      config,
    );
    expect(parent.text).toContain('в роли редактора');
    expect(parent.text).toContain('Пароль останется прежним');
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
