// Russian typesetting for the seed texts, so authors write plain prose and every screen still keeps
// "в доме", "7 дней", "990 ₽" and "слово — слово" from breaking across lines. Tags are left untouched,
// only the text between them is changed; applying it twice changes nothing.

export const NBSP = '\u00a0';

const LETTER = 'А-Яа-яЁё';
const TAG = /(<[^>]*>)/;

const rules: [RegExp, string][] = [
  // A one-letter word (preposition, conjunction, «я») sticks to the word after it.
  [new RegExp(`(?<=^|[\\s(«„"${NBSP}])([${LETTER}])[ \\t\\r\\n]+(?=\\S)`, 'g'), `$1${NBSP}`],
  // A dash never starts a line.
  [/[ \t\r\n]+—/g, `${NBSP}—`],
  // A number sticks to its word, unit, sign or percent: «7 дней», «990 ₽», «40 %».
  [new RegExp(`(\\d)[ \\t]+(?=[${LETTER}₽%])`, 'g'), `$1${NBSP}`],
  // Short abbreviations and the number sign stick to what follows: «ст. 9», «г. Москва», «№ 152».
  [
    new RegExp(`(?<![${LETTER}])(ст|ч|п|пп|г|ул|д|стр|оф)\\. (?=[\\d${LETTER}])`, 'g'),
    `$1.${NBSP}`,
  ],
  [/№ (?=\d)/g, `№${NBSP}`],
];

function setText(text: string): string {
  return rules.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Typesets plain text or simple HTML (text between tags only). */
export function typo(source: string): string {
  return source
    .split(TAG)
    .map((part) => (part.startsWith('<') ? part : setText(part)))
    .join('');
}

/** Typesets a template literal: html`<p>…${x}…</p>`. */
export function html(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return typo(strings.reduce((out, part, i) => out + String(values[i - 1] ?? '') + part));
}
