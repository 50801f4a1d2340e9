// The weekly letter to parents (docs/MAILING.md «Письмо недели»): per child, the week's lessons and
// minutes, where the child is in the program, next week's theme and one thing to do together at home; a
// quiet week gets a short, kind nudge instead. Mailing mail: it carries its category's one-click unsubscribe.
import { pluralize, type PluralForms } from '@contract/plural';
import type { ChildWeek, WeeklyLetter } from '../types';
import {
  greeting,
  p,
  quoted,
  type MailBlock,
  type MailContent,
  type TemplateContext,
} from './content';

export interface WeeklyLetterMailData {
  name: string;
  letter: WeeklyLetter;
  category: string;
  unsubscribe_url: string;
}

const LESSONS: PluralForms = { one: 'урок', few: 'урока', many: 'уроков' };
const MINUTES: PluralForms = { one: 'минута', few: 'минуты', many: 'минут' };

/** «Маша», «Маша и Петя», «Маша, Петя и Оля». */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} и ${names.at(-1) ?? ''}`;
}

function watched(child: ChildWeek): string {
  if (child.lessons === 0) return 'на этой неделе\u00a0— ни одного урока';
  const finished =
    child.completed === 0
      ? ''
      : child.completed === child.lessons
        ? child.lessons === 1
          ? ' (до конца)'
          : ' (все до конца)'
        : ` (до конца\u00a0— ${child.completed})`;
  return `${pluralize(child.lessons, LESSONS)}${finished}, ${pluralize(child.minutes, MINUTES)}`;
}

function childBlocks(child: ChildWeek): MailBlock[] {
  const rows = [{ label: 'Посмотрено', value: watched(child) }];
  if (child.program) {
    rows.push({
      label: 'Программа',
      value: `неделя\u00a0${child.program.week} из\u00a0${child.program.weeks}`,
    });
  }
  if (child.next) {
    const lessons = child.next.lessons.map(quoted).join(', ');
    rows.push({
      label: 'Дальше',
      value: `неделя\u00a0${child.next.number}, ${quoted(child.next.title)}${lessons ? `: ${lessons}` : ''}`,
    });
  } else if (child.program) {
    rows.push({ label: 'Дальше', value: 'это последняя неделя программы' });
  }
  const blocks: MailBlock[] = [
    { kind: 'subheading', text: child.name },
    { kind: 'facts', rows },
  ];
  if (child.activity) blocks.push(p('Чем заняться вместе дома: ', child.activity));
  return blocks;
}

export function weeklyLetterMail(
  data: WeeklyLetterMailData,
  context: TemplateContext,
): MailContent {
  const reason = `Вы получили это письмо, потому что подписаны на рассылку «${data.category}» Школы Умняшек.`;
  const unsubscribe = { url: data.unsubscribe_url };
  const button: MailBlock = {
    kind: 'button',
    label: 'Смотреть уроки',
    url: `${context.publicUrl}/video`,
  };
  if (data.letter.kind === 'nudge') {
    const names = namesList(data.letter.children);
    return {
      subject: 'Уроки ждут вас в Школе Умняшек',
      preview: 'Десять минут вместе\u00a0— и новая тема недели пройдена.',
      heading: 'Уроки ждут',
      blocks: [
        greeting(data.name),
        p(
          // The names as the subject of the sentence: a name cannot be declined reliably.
          `На этой неделе уроков не было\u00a0— так бывает. ${names}: новые уроки уже ждут, ` +
            'а один урок занимает около десяти минут. Можно посмотреть вместе сегодня вечером.',
        ),
        button,
      ],
      reason,
      unsubscribe,
    };
  }
  const { children } = data.letter;
  return {
    subject: `Неделя в Школе Умняшек: ${namesList(children.map((c) => c.name))}`,
    preview: 'Что посмотрели за неделю, что будет дальше и чем заняться вместе дома.',
    heading: 'Как прошла неделя',
    blocks: [greeting(data.name), ...children.flatMap(childBlocks), button],
    reason,
    unsubscribe,
  };
}
