// Reading the outbox: the mail that would have gone over SMTP.
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { mailOutbox } from '../../../db/schema/index';
import { normalizeEmail } from '@contract/email';

export type OutboxMessage = typeof mailOutbox.$inferSelect;

export async function listOutbox(
  db: Database,
  options: { to?: string; limit: number },
): Promise<OutboxMessage[]> {
  // Mail is stored to the address's stored form (the domain in punycode); people type the domain as they
  // read it (мама@пример.рф), so the filter is brought to that form first.
  const typed = options.to?.trim().toLowerCase();
  const to = typed ? (normalizeEmail(typed) ?? typed) : typed;
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.to})`, to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}

export async function findOutboxMessage(db: Database, id: number): Promise<OutboxMessage | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

export interface MailLink {
  href: string;
  text: string;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/**
 * The links of a mail we rendered ourselves (double-quoted attributes, no nesting), each once, with the
 * text of its first anchor. Good enough for a sandbox; not a general HTML parser.
 */
export function mailLinks(html: string): MailLink[] {
  const links = new Map<string, string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    const href = decodeEntities(match[1] ?? '');
    const text = decodeEntities(
      (match[2] ?? '').replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ''),
    )
      .replace(/\s+/g, ' ')
      .trim();
    if (href && !links.has(href)) links.set(href, text);
  }
  return [...links].map(([href, text]) => ({ href, text }));
}
