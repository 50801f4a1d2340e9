// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { splitByHeading } from './html-sections';

describe('splitByHeading', () => {
  it('keeps the intro and opens a section at each heading of the level', () => {
    const html =
      '<p>Вступление</p>\n<h3>Анна Воронцова</h3>\n<p><strong>Методист.</strong> Текст</p>\n' +
      '<h3>Марина</h3><p>Первый</p><ul><li>Второй</li></ul>';
    const { intro, sections } = splitByHeading(html, 'h3');
    expect(intro).toBe('<p>Вступление</p>');
    expect(sections).toEqual([
      { title: 'Анна Воронцова', html: '<p><strong>Методист.</strong> Текст</p>' },
      { title: 'Марина', html: '<p>Первый</p><ul><li>Второй</li></ul>' },
    ]);
  });

  it('leaves headings of other levels inside the sections', () => {
    const { sections } = splitByHeading('<h2>Работа</h2><h3>Условия</h3><p>Удалённо</p>', 'h2');
    expect(sections).toEqual([{ title: 'Работа', html: '<h3>Условия</h3><p>Удалённо</p>' }]);
  });

  it('gives everything to the intro when there is no such heading', () => {
    expect(splitByHeading('<p>Один</p><p>Два</p>', 'h3')).toEqual({
      intro: '<p>Один</p><p>Два</p>',
      sections: [],
    });
  });
});
