// Mailing (not transactional) mail: a campaign written in the back office, and the lesson reminder. Both
// carry the one-click unsubscribe of their category (src/server/integrations/mail/README.md): the headers and a visible link.
import { greeting, p, type MailBlock, type MailContent, type TemplateContext } from './content';

export interface CampaignMailData {
  name: string;
  subject: string;
  /** Plain text; a blank line starts a new paragraph. */
  body: string;
  button: { label: string; url: string } | null;
  category: string;
  unsubscribe_url: string;
}

export interface LessonReminderMailData {
  name: string;
  child: string;
  week: number;
  category: string;
  unsubscribe_url: string;
}

/** Paragraphs of a plain-text body: blank lines separate them, single line breaks join with a space. */
export function paragraphs(body: string): string[] {
  return body
    .split(/\n[ \t]*\n/u)
    .map((part) => part.replace(/\s+/gu, ' ').trim())
    .filter((part) => part !== '');
}

const reasonOf = (category: string) =>
  `Вы получили это письмо, потому что подписаны на рассылку «${category}» Школы Умняшек.`;

export function campaignMail(data: CampaignMailData): MailContent {
  const [first = ''] = paragraphs(data.body);
  const blocks: MailBlock[] = [
    greeting(data.name),
    ...paragraphs(data.body).map((text) => p(text)),
  ];
  if (data.button) blocks.push({ kind: 'button', label: data.button.label, url: data.button.url });
  return {
    subject: data.subject,
    // By characters, not UTF-16 units: an emoji is never cut in half.
    preview:
      Array.from(first).length > 120 ? `${Array.from(first).slice(0, 119).join('')}…` : first,
    heading: data.subject,
    blocks,
    reason: reasonOf(data.category),
    unsubscribe: { url: data.unsubscribe_url },
  };
}

export function lessonReminderMail(
  data: LessonReminderMailData,
  context: TemplateContext,
): MailContent {
  return {
    subject: `${data.child}: открылась неделя ${data.week}`,
    preview: 'Новые уроки уже ждут — можно смотреть.',
    heading: 'Новые уроки открыты',
    blocks: [
      greeting(data.name),
      p(
        // The name as the subject of the sentence: a name cannot be declined reliably, «может» fits both.
        `${data.child} может смотреть новые уроки: открылась неделя\u00a0${data.week} программы. ` +
          'Они уже ждут на сайте и в приложении.',
      ),
      { kind: 'button', label: 'Смотреть уроки', url: `${context.publicUrl}/video` },
    ],
    reason: reasonOf(data.category),
    unsubscribe: { url: data.unsubscribe_url },
  };
}
