export interface HtmlSection {
  /** Text of the heading that opens the section. */
  title: string;
  /** The HTML between this heading and the next one. */
  html: string;
}

export interface SplitHtml {
  /** What comes before the first heading. */
  intro: string;
  sections: HtmlSection[];
}

/**
 * Splits admin HTML (already sanitised by the server) into sections opened by top-level headings of
 * one level, so a page can show them as cards: «Команда» one card per person, «Вакансии» per job.
 */
export function splitByHeading(html: string, tag: 'h2' | 'h3'): SplitHtml {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const result: SplitHtml = { intro: '', sections: [] };
  let current: HtmlSection | null = null;
  for (const node of Array.from(doc.body.childNodes)) {
    const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : null;
    if (element && element.tagName.toLowerCase() === tag) {
      current = { title: element.textContent?.trim() ?? '', html: '' };
      result.sections.push(current);
      continue;
    }
    const chunk = element ? element.outerHTML : (node.textContent ?? '');
    if (current) current.html += chunk;
    else result.intro += chunk;
  }
  result.intro = result.intro.trim();
  for (const section of result.sections) section.html = section.html.trim();
  return result;
}
