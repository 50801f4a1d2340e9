import { z } from 'zod';
import { isStoredEmail } from '@contract/email';
import { PAID_KINDS } from './templates/purchase';

// The mail the school sends. Each template names the data it needs; queueMail checks it before the job is
// stored, and the job handler checks it again (a row may outlive a change of code).
// The address as the school stores it: the domain in punycode, a Cyrillic local part as typed (SMTPUTF8).
const address = z.string().refine(isStoredEmail, 'not an address in its stored form');
const name = z.string().max(200);
const url = z.url({ protocol: /^https?$/ });
const giftData = z.object({
  name,
  code: z.string().max(20),
  title: z.string().max(200),
  valid_until: z.string().max(40),
});

/** Facts a payment's letter carries: optional, since a mail job queued before they existed may still run. */
const orderFacts = {
  amount: z.string().max(40).optional(),
  order_number: z.string().max(60).optional(),
};

const renewalData = z.object({
  name,
  title: z.string().max(200),
  amount: z.string().max(40),
  date: z.string().max(40),
  card: z.string().max(40),
});

/** One family's week, as modules/mailing/weekly-letter-content.ts reads it. */
const childWeek = z.object({
  name,
  /** Lessons the child watched this week, and how many of them to the end. */
  lessons: z.number().int().min(0),
  completed: z.number().int().min(0),
  minutes: z.number().int().min(0),
  /** Where the child is in the main program: week `week` of `weeks`; null without a program. */
  program: z.object({ week: z.number().int().min(1), weeks: z.number().int().min(1) }).nullable(),
  /** Next week's theme and lessons; null after the program's last week. */
  next: z
    .object({
      number: z.number().int().min(1),
      title: z.string().max(200),
      lessons: z.array(z.string().max(300)).max(20),
    })
    .nullable(),
  activity: z.string().max(1000).nullable(),
});
export const weeklyLetterSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('letter'), children: z.array(childWeek).min(1).max(20) }),
  /** A quiet week: a short, kind nudge naming the children. */
  z.object({ kind: z.literal('nudge'), children: z.array(name).min(1).max(20) }),
]);
export type WeeklyLetter = z.infer<typeof weeklyLetterSchema>;
export type ChildWeek = z.infer<typeof childWeek>;

const mailing = { category: z.string().max(200), unsubscribe_url: url };

export const mailRequestSchema = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('campaign'),
    to: address,
    data: z.object({
      name,
      subject: z.string().min(1).max(200),
      body: z.string().min(1).max(20_000),
      button: z.object({ label: z.string().min(1).max(60), url }).nullable(),
      ...mailing,
    }),
  }),
  z.object({
    template: z.literal('lesson-reminder'),
    to: address,
    data: z.object({ name, child: name, week: z.number().int().min(1), ...mailing }),
  }),
  z.object({
    template: z.literal('weekly-letter'),
    to: address,
    data: z.object({ name, letter: weeklyLetterSchema, ...mailing }),
  }),
  z.object({
    template: z.literal('confirmation'),
    to: address,
    // added: the address is being added to an account that had none (a social sign-up without one).
    data: z.object({ name, url, added: z.boolean().optional() }),
  }),
  z.object({ template: z.literal('password-reset'), to: address, data: z.object({ name, url }) }),
  z.object({ template: z.literal('password-changed'), to: address, data: z.object({ name }) }),
  z.object({ template: z.literal('welcome'), to: address, data: z.object({ name }) }),
  z.object({
    template: z.literal('caregiver-invitation'),
    to: address,
    data: z.object({ owner: name, url }),
  }),
  z.object({
    template: z.literal('staff-invitation'),
    to: address,
    data: z.object({
      name,
      role: z.enum(['admin', 'editor', 'support']),
      url,
      set_password: z.boolean(),
    }),
  }),
  z.object({
    template: z.literal('gift-ready'),
    to: address,
    data: giftData.extend(orderFacts),
  }),
  z.object({ template: z.literal('gift'), to: address, data: giftData }),
  z.object({ template: z.literal('renewal-reminder'), to: address, data: renewalData }),
  z.object({
    template: z.literal('renewal-done'),
    to: address,
    data: renewalData.extend({ order_number: orderFacts.order_number }),
  }),
  z.object({
    template: z.literal('purchase-paid'),
    to: address,
    data: z.object({
      name,
      kind: z.enum(PAID_KINDS),
      items: z.array(z.string().max(300)).min(1).max(100),
      children: z.array(name).max(20),
      until: z.string().max(40).nullable(),
      amount: z.string().max(40),
      order_number: z.string().max(60),
      returned: z.string().max(40).nullable(),
    }),
  }),
  z.object({
    template: z.literal('support-request'),
    to: address,
    data: z.object({
      number: z.number().int(),
      name,
      email: address,
      message: z.string().max(5000),
      sender: z.string().max(100),
    }),
  }),
  z.object({
    template: z.literal('support-received'),
    to: address,
    data: z.object({ number: z.number().int(), name, message: z.string().max(5000).nullable() }),
  }),
  z.object({
    template: z.literal('support-answer'),
    to: address,
    data: z.object({ number: z.number().int(), name, answer: z.string().max(10_000) }),
  }),
  z.object({
    template: z.literal('refund'),
    to: address,
    data: z.object({
      name,
      title: z.string().max(500),
      amount: z.string().max(40),
      card: z.string().max(40),
      took_back: z.boolean(),
    }),
  }),
  z.object({
    template: z.literal('renewal-failed'),
    to: address,
    data: renewalData.extend({ needs_confirmation: z.boolean() }),
  }),
]);

export type MailRequest = z.infer<typeof mailRequestSchema>;
export type MailTemplateName = MailRequest['template'];

/** A rendered mail, ready for a transport. */
export interface OutgoingMail {
  template: MailTemplateName;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers; mailing (not transactional) mail carries List-Unsubscribe here (src/server/integrations/mail/README.md). */
  headers: Record<string, string>;
}
