// MailRequest → the mail a transport sends: subject, HTML part, text part and headers.
import { render } from '@react-email/render';
import { createElement } from 'react';
import { MailLayout } from './templates/layout';
import { composeMail, type MailContent, type TemplateContext } from './templates/index';
import { mailText } from './templates/text';
import type { MailRequest, OutgoingMail } from './types';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** RFC 8058 one-click unsubscribe, for mailing mail only (src/server/integrations/mail/README.md). */
export function unsubscribeHeaders(
  unsubscribe: MailContent['unsubscribe'],
): Record<string, string> {
  if (!unsubscribe) return {};
  const targets = [`<${unsubscribe.url}>`];
  if (unsubscribe.mailto) targets.push(`<mailto:${unsubscribe.mailto}>`);
  return {
    'List-Unsubscribe': targets.join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export async function renderMailContent(
  content: MailContent,
  context: TemplateContext,
): Promise<RenderedMail> {
  const html = await render(createElement(MailLayout, { mail: content, context }));
  return {
    subject: content.subject,
    html,
    text: mailText(content, context),
    headers: {
      ...unsubscribeHeaders(content.unsubscribe),
      ...(content.replyTo ? { 'Reply-To': content.replyTo } : {}),
    },
  };
}

export async function renderMail(
  request: MailRequest,
  config: { publicUrl: string; supportEmail: string; mail: { from: string } },
): Promise<OutgoingMail> {
  const context: TemplateContext = {
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
  };
  const rendered = await renderMailContent(composeMail(request, context), context);
  return { template: request.template, from: config.mail.from, to: request.to, ...rendered };
}
