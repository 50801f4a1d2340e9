// The help's step-by-step instructions name the buttons and sections a parent will look for: each name in
// «ёлочки» must be on the screen the instruction describes, as the screen's own source spells it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instructions } from './instructions';

const screen = (...paths: string[]) =>
  paths
    .map((path) => readFileSync(new URL(`../../../../web/${path}`, import.meta.url), 'utf8'))
    .join('\n');

/** The words in «ёлочки» of a body, tags and typography's no-break spaces set aside. */
const named = (html: string) =>
  [...html.replace(/\u00a0/g, ' ').matchAll(/«([^»]+)»/g)].map((match) => match[1] ?? '');

describe('«Как добавить ребёнка»', () => {
  const addChild = instructions.find((i) => i.slug === 'add-child');
  // One line, the typography's no-break spaces read as spaces.
  const body = (addChild?.body_html ?? '').replace(/\s+/g, ' ');
  const screens = screen(
    'features/personal/personal-layout.tsx',
    'features/personal/students/students-page.tsx',
    'features/personal/students/add-child/add-child-modal.tsx',
  );

  it('names only buttons and sections the students page and the add-child form have', () => {
    expect(named(body).length).toBeGreaterThan(0);
    for (const name of named(body)) expect(screens, `«${name}»`).toContain(name);
  });

  it('ends the form with its real button and sends parents for places to «Ученики»', () => {
    expect(body).not.toContain('«Сохранить»');
    expect(body).not.toContain('«Тарифы»');
    expect(body).toMatch(/нажмите «Добавить ребёнка» внизу окна/);
    expect(body).toMatch(/в разделе «Ученики» можно купить место/);
  });
});
