// A child's name or nickname, the rule the add-child form and the server share. Parents write «Зайка 🐰»,
// «Маша-Медвежонок», «Д’Артаньян», «Ли Мин» or «Ёжик №1»: letters of any script, digits, spaces, emoji
// (ZWJ sequences, skin tones, flags and keycaps included) and everyday punctuation are taken. Angle brackets,
// control and invisible formatting characters are not, so nothing that reads as markup is ever stored.

/** The longest name, in what a reader sees as characters (grapheme clusters): «👨‍👩‍👧» is one. */
export const CHILD_NAME_MAX_GRAPHEMES = 50;
/** UTF-16 units sent at most: a ceiling for a cluster stacked with hundreds of combining marks. */
export const CHILD_NAME_MAX_INPUT = 400;

export const CHILD_NAME_REQUIRED = 'Введите имя или прозвище ребёнка';
const PUNCTUATION = `-'’.,!?«»()"№`;
const ALLOWED = 'Можно буквы, цифры, пробелы, эмодзи и знаки\u00a0- \' \u2019 . , ! ? « » ( ) " №';
export const CHILD_NAME_MARKUP = 'Имя не может содержать знаки «<» и «>»';
export const CHILD_NAME_NEEDS_LETTER = 'В имени должна быть хотя бы одна буква, цифра или эмодзи';

const WORD = /^[\p{L}\p{M}\p{N}]+$/u;
const HAS_LETTER = /[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u;
// One emoji as a reader sees it: pictographs joined by ZWJ, with variation selectors, skin tones, tag
// sequences (regional flags) and keycaps (1️⃣). A bare digit or «#» is no emoji: it needs a pictograph,
// a regional indicator or the keycap mark beside it.
// (Emoji_Component holds ZWJ, the emoji variation selector, skin tones, tags, the keycap mark and the
// regional indicators; the text variation selector is added.)
const EMOJI =
  /^(?=.*(?:[\p{Extended_Pictographic}\p{Regional_Indicator}]|\u20e3))(?:[\p{Extended_Pictographic}\p{Emoji_Component}\p{Emoji_Modifier}]|\ufe0e)+$/u;

function graphemes(value: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    return Array.from(
      new Intl.Segmenter('ru', { granularity: 'grapheme' }).segment(value),
      (s) => s.segment,
    );
  }
  // Browsers before Intl.Segmenter: code points, which counts an emoji sequence as several.
  return Array.from(value);
}

/** Trimmed, NFC, spaces (of any width) collapsed to one; control characters are left for the check. */
export function normalizeChildName(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[ \u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .trim();
}

/** How many characters a reader counts in the name. */
export function childNameLength(value: string): number {
  return graphemes(value).length;
}

/** What the parent is told about a character that does not fit: it is named unless it cannot be seen. */
function refusal(grapheme: string): string {
  if (/[\p{C}\p{Z}]/u.test(grapheme))
    return `В имени есть невидимый служебный символ — сотрите его. ${ALLOWED}`;
  return `Знак «${grapheme}» в имени не подходит. ${ALLOWED}`;
}

/** Why a normalised name cannot be taken, or null when it can. */
export function childNameProblem(name: string): string | null {
  if (name === '') return CHILD_NAME_REQUIRED;
  if (/[<>]/.test(name)) return CHILD_NAME_MARKUP;
  const parts = graphemes(name);
  if (parts.length > CHILD_NAME_MAX_GRAPHEMES)
    return `Не длиннее ${CHILD_NAME_MAX_GRAPHEMES} символов`;
  for (const part of parts) {
    const fits = part === ' ' || PUNCTUATION.includes(part) || WORD.test(part) || EMOJI.test(part);
    if (!fits) return refusal(part);
  }
  if (!HAS_LETTER.test(name)) return CHILD_NAME_NEEDS_LETTER;
  return null;
}
