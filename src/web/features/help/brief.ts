// A new sentence starts after . ! ? or … and a space, with a capital letter or an opening quote: «т. е.» and
// «и т. д.» followed by a small letter stay inside the sentence.
const SENTENCE_END = /(?<=[.!?…])\s+(?=[«"„(А-ЯЁA-Z0-9])/u;

/** The first sentence of a catalogue description: what a program is, in one line. */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  return trimmed.split(SENTENCE_END, 1)[0] ?? trimmed;
}

/** «Маша», «Маша и Петя», «Маша, Петя и Коля». */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} и\u00a0${names[names.length - 1] ?? ''}`;
}
