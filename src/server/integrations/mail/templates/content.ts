// A mail's content as data: one description gives both the HTML part (layout.tsx) and the plain-text part
// (text.ts), so the two never drift apart.

/** A run of text, optionally a link. */
export type Inline = string | { text: string; href: string };

export type MailBlock =
  | { kind: 'paragraph'; content: Inline[] }
  /** A part of a longer letter (one child's week): a short bold line. */
  | { kind: 'subheading'; text: string }
  /** The one big call to action. The HTML part repeats its URL below for clients that hide buttons. */
  | { kind: 'button'; label: string; url: string }
  | { kind: 'steps'; items: string[] }
  /** One code to copy (a gift certificate's): large, alone, selected whole with one tap. */
  | { kind: 'code'; code: string }
  /** Facts of a purchase as label and value: «Заказ», «Сумма»… */
  | { kind: 'facts'; rows: { label: string; value: string }[] }
  /** Smaller, quieter text: validity of a link, "if it was not you". */
  | { kind: 'note'; content: Inline[] };

export interface MailContent {
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  heading: string;
  blocks: MailBlock[];
  /** Footer: why this person got this mail. */
  reason: string;
  /**
   * Mailing (not transactional) mail only: one-click unsubscribe (src/server/integrations/mail/README.md). Adds the List-Unsubscribe
   * headers and a visible link in the footer.
   */
  unsubscribe?: { url: string; mailto?: string };
  /** Where a reply goes when not to the sender (support mail). */
  replyTo?: string;
}

export interface TemplateContext {
  /** The site's origin, no trailing slash. */
  publicUrl: string;
  supportEmail: string;
}

export const p = (...content: Inline[]): MailBlock => ({ kind: 'paragraph', content });
export const note = (...content: Inline[]): MailBlock => ({ kind: 'note', content });

/** «Здравствуйте, Анна!», or without a name when there is none. */
export function greeting(name: string): MailBlock {
  const trimmed = name.trim();
  return p(trimmed ? `Здравствуйте, ${trimmed}!` : 'Здравствуйте!');
}

export const mailto = (address: string): Inline => ({ text: address, href: `mailto:${address}` });

/**
 * «…» around a text that may hold «…» itself (a program's title inside a line's name): Russian typography
 * nests „…“ inside ёлочки, so the inner ones become „…“.
 */
export function quoted(text: string): string {
  return `«${text.replace(/«/g, '„').replace(/»/g, '“')}»`;
}
