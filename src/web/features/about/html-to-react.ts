// Admin HTML drawn as React elements instead of innerHTML. Text nodes become React text (escaped by
// React), and only the tags and attributes the server's sanitiser allows (modules/content/sanitize.ts)
// become elements — so even HTML that skipped the sanitiser cannot bring script or event handlers.
import { Fragment, createElement, type ReactNode } from 'react';

const GLOBAL_ATTRIBUTES = ['id', 'class', 'title', 'lang'];

/**
 * Tag → its own attributes besides the global ones. A Map, not an object: a tag named `constructor` must
 * not find Object's.
 */
const TAGS: ReadonlyMap<string, readonly string[]> = new Map([
  ...(
    'p br hr div span section article h1 h2 h3 h4 h5 h6 strong b em i u s small sub sup mark abbr ' +
    'blockquote q cite code pre ul li dl dt dd table caption thead tbody tfoot tr figure figcaption ' +
    'summary'
  )
    .split(' ')
    .map((tag): [string, string[]] => [tag, []]),
  ['a', ['href', 'target', 'rel', 'name']],
  ['img', ['src', 'alt', 'width', 'height', 'loading']],
  ['ol', ['start', 'type', 'reversed']],
  ['th', ['colspan', 'rowspan', 'scope']],
  ['td', ['colspan', 'rowspan']],
  ['col', ['span']],
  ['colgroup', ['span']],
  ['details', ['open']],
  ['time', ['datetime']],
]);

/** Dropped with everything inside; other unknown tags give way to their content (as the sanitiser does). */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'title',
  'xmp',
  'noembed',
  'noframes',
]);

const VOID = new Set(['br', 'hr', 'img', 'col']);

/** Where a text node, even whitespace, is invalid DOM nesting (React warns, browsers move it). */
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

const REACT_NAMES: ReadonlyMap<string, string> = new Map([
  ['class', 'className'],
  ['colspan', 'colSpan'],
  ['rowspan', 'rowSpan'],
  ['datetime', 'dateTime'],
]);

const BOOLEAN = new Set(['reversed', 'open']);

// Resolving against a base of our own tells relative addresses (ours) from absolute ones, and parses
// schemes as the browser would (`java\nscript:` is javascript:).
const BASE = 'https://school.invalid/';
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function resolved(value: string): URL | null {
  try {
    return new URL(value, BASE);
  } catch {
    return null;
  }
}

const isOwn = (url: URL) => url.origin === new URL(BASE).origin;

/** Links: web, mail and phone only. Images: https or our own paths — no data:, no mixed content. */
function safeUrl(name: string, value: string): boolean {
  const url = resolved(value);
  if (!url) return false;
  if (name === 'src') return url.protocol === 'https:' || isOwn(url);
  return LINK_PROTOCOLS.has(url.protocol);
}

function propsOf(
  element: Element,
  allowed: readonly string[],
  key: number,
): Record<string, unknown> {
  const props: Record<string, unknown> = { key };
  for (const { name, value } of Array.from(element.attributes)) {
    if (!GLOBAL_ATTRIBUTES.includes(name) && !allowed.includes(name)) continue;
    if ((name === 'href' || name === 'src') && !safeUrl(name, value)) continue;
    // Decided below from the address, whatever the author wrote.
    if (name === 'target' || name === 'rel') continue;
    props[REACT_NAMES.get(name) ?? name] = BOOLEAN.has(name) ? true : value;
  }
  if (element.tagName.toLowerCase() === 'a') {
    // Other sites open in a new tab, which must not get a handle on this one (window.opener).
    const href = typeof props.href === 'string' ? resolved(props.href) : null;
    const external = href !== null && !isOwn(href) && /^https?:$/.test(href.protocol);
    if (external || element.getAttribute('target') === '_blank') {
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
    }
  }
  return props;
}

function toReact(node: Node, key: number, parentTag: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    return NO_TEXT.has(parentTag) && !text.trim() ? null : text;
  }
  // Comments, processing instructions and the rest are not content.
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = htmlNodesToReact(Array.from(element.childNodes), tag);
  const allowed = TAGS.get(tag);
  // An unknown tag gives way to its content, which keeps the tag's place in the parent's list.
  if (!allowed) return createElement(Fragment, { key }, ...children);
  const props = propsOf(element, allowed, key);
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/** Parsed HTML nodes as React nodes; see the top of the file for what survives. */
export function htmlNodesToReact(nodes: readonly Node[], parentTag = 'div'): ReactNode[] {
  return nodes.map((node, index) => toReact(node, index, parentTag));
}
