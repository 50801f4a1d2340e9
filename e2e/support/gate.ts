// The grown-up's task on /video: a number written in words, typed as digits.
import type { Page } from 'playwright-core';
import { numberInWords } from '../../src/web/features/video/parental-control/russian-number-words';

const DIGITS_OF = new Map<string, number>();
for (let n = 0; n <= 9999; n += 1) DIGITS_OF.set(numberInWords(n), n);

export const GATE = 'Только для взрослых';

/** The task's number, read from its words the way a grown-up would. */
export async function gateNumber(page: Page): Promise<number> {
  const label = await page.getByRole('dialog', { name: GATE }).locator('label').innerText();
  const words = /«(.+)»/.exec(label)?.[1] ?? '';
  const value = DIGITS_OF.get(words);
  if (value === undefined) throw new Error(`Unreadable number: ${label}`);
  return value;
}

/** Types an answer and presses the task's button («Выйти» on the way out, «Продолжить» for a setting). */
export async function answerGate(page: Page, answer: number, button = 'Выйти'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: GATE });
  await dialog.getByRole('textbox').fill(String(answer));
  await dialog.getByRole('button', { name: button }).click();
}

/** A grown-up's setting on /video: the task answered right, then what it guarded opens. */
export async function passGate(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: GATE }).waitFor();
  await answerGate(page, await gateNumber(page), 'Продолжить');
}

/** Taps a grown-up's button on /video, passes the task and gives the dialog it opens, once shown. */
export async function openBehindGate(page: Page, button: string | RegExp, dialog: string) {
  await page.getByRole('button', { name: button }).click();
  await passGate(page);
  const opened = page.getByRole('dialog', { name: dialog });
  await opened.waitFor();
  return opened;
}
