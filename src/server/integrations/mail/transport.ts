// Where rendered mail goes: SMTP when SMTP_URL is set, otherwise the outbox table that /sandbox/mail shows.
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import type { Clock } from '../../shared/clock';
import type { OutgoingMail } from './types';

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

// A job holds a worker while it sends: a server that does not answer fails the attempt within seconds
// and the queue tries again later, rather than blocking the worker for nodemailer's default minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
      });
    },
  };
}

export function outboxTransport(db: Database, clock: Clock): MailTransport {
  return {
    kind: 'outbox',
    send: async (mail) => {
      await db.insert(mailOutbox).values({
        to: mail.to,
        from: mail.from,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        template: mail.template,
        createdAt: clock(),
      });
    },
  };
}

export function createMailTransport(options: {
  smtpUrl: string | null;
  db: Database;
  clock: Clock;
}): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl)
    : outboxTransport(options.db, options.clock);
}
