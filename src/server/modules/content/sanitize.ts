// HTML from the database is trusted author text, and still goes through this on the way out: an
// editor's paste or a compromised admin account must not become script on every parent's screen.
import sanitizeHtml, { type IOptions } from 'sanitize-html';

const OPTIONS: IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'section',
    'article',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'abbr',
    'time',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'details',
    'summary',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    '*': ['id', 'class', 'title', 'lang'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    ol: ['start', 'type', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    details: ['open'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images only from https or our own paths: no data: URLs, no mixed content.
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Scripts, styles and their contents vanish entirely; other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      if (external || attribs.target === '_blank') {
        return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
      }
      return { tagName, attribs };
    },
  },
};

// Pages change rarely and are read often: remember recent results instead of re-parsing every request.
const CACHE_LIMIT = 500;
const cache = new Map<string, string>();

export function sanitizeContentHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, OPTIONS);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(html, clean);
  return clean;
}
