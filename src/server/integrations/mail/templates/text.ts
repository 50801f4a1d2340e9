// The plain-text part, from the same content as the HTML part.
import type { Inline, MailBlock, MailContent, TemplateContext } from './content';

function inlineText(content: Inline[]): string {
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part.href.startsWith('mailto:') || part.href === part.text) return part.text;
      return `${part.text} (${part.href})`;
    })
    .join('');
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return inlineText(block.content);
    case 'subheading':
      return block.text.toUpperCase();
    case 'steps':
      return block.items.map((item, index) => `${index + 1}. ${item}`).join('\n');
    case 'code':
      return block.code;
    case 'facts':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'button':
      return `${block.label}: ${block.url}`;
  }
}

export function mailText(mail: MailContent, context: TemplateContext): string {
  const footer = [mail.reason, `Вопросы? Пишите нам: ${context.supportEmail}`];
  if (mail.unsubscribe) footer.push(`Отписаться от этой рассылки: ${mail.unsubscribe.url}`);
  footer.push(`Школа Умняшек — ${context.publicUrl}/`);
  return [
    'Школа Умняшек',
    mail.heading,
    ...mail.blocks.map(blockText),
    '—',
    footer.join('\n'),
  ].join('\n\n');
}
