export interface HtmlSection {
  /** Text of the heading that opens the section: plain text, never markup. */
  title: string;
  /** The nodes between this heading and the next one. */
  nodes: readonly Node[];
}

export interface SplitHtml {
  /** What comes before the first heading. */
  intro: readonly Node[];
  sections: HtmlSection[];
}

const isBlank = (node: Node) => node.nodeType === Node.TEXT_NODE && !node.textContent?.trim();

/** Leading and trailing whitespace between blocks: without it «is there an intro?» is a length check. */
function trimmed(nodes: Node[]): Node[] {
  let start = 0;
  let end = nodes.length;
  while (start < end && isBlank(nodes[start] as Node)) start += 1;
  while (end > start && isBlank(nodes[end - 1] as Node)) end -= 1;
  return nodes.slice(start, end);
}

/**
 * Splits admin HTML (sanitised by the server) into sections opened by top-level headings of one level, so
 * a page can show them as cards: «Команда» one card per person, «Вакансии» per job.
 *
 * The result is parsed DOM nodes, not HTML strings: turning nodes back into a string is where decoded
 * text (`&lt;img onerror&gt;` is the text «<img onerror>») can become live markup again. The nodes are
 * drawn with `htmlNodesToReact`, which makes text React text.
 */
export function splitByHeading(html: string, tag: 'h2' | 'h3'): SplitHtml {
  // DOMParser documents are inert: nothing here loads or runs while we look. A whole document, because
  // the server's parser (linkedom, when the page is rendered there) reads nothing from a bare <body>.
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head></head><body>${html}</body></html>`,
    'text/html',
  );
  const intro: Node[] = [];
  const sections: { title: string; nodes: Node[] }[] = [];
  let current: Node[] = intro;
  for (const node of Array.from(doc.body.childNodes)) {
    if (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName.toLowerCase() === tag) {
      const section = { title: node.textContent?.trim() ?? '', nodes: [] as Node[] };
      sections.push(section);
      current = section.nodes;
      continue;
    }
    current.push(node);
  }
  return {
    intro: trimmed(intro),
    sections: sections.map((section) => ({ ...section, nodes: trimmed(section.nodes) })),
  };
}
