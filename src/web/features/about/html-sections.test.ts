// @vitest-environment jsdom
import { Fragment, createElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { splitByHeading } from './html-sections';
import { htmlNodesToReact } from './html-to-react';

afterEach(cleanup);

/** What a piece of the split page becomes on screen: the DOM React makes of it. */
const markup = (nodes: readonly Node[]) =>
  render(createElement(Fragment, null, ...htmlNodesToReact(nodes))).container.innerHTML;

function rendered(html: string, tag: 'h2' | 'h3') {
  const { intro, sections } = splitByHeading(html, tag);
  return {
    intro: markup(intro),
    sections: sections.map((section) => ({ title: section.title, html: markup(section.nodes) })),
  };
}

describe('splitByHeading', () => {
  it('keeps the intro and opens a section at each heading of the level', () => {
    const html =
      '<p>Вступление</p>\n<h3>Анна Воронцова</h3>\n<p><strong>Методист.</strong> Текст</p>\n' +
      '<h3>Марина</h3><p>Первый</p><ul><li>Второй</li></ul>';
    expect(rendered(html, 'h3')).toEqual({
      intro: '<p>Вступление</p>',
      sections: [
        { title: 'Анна Воронцова', html: '<p><strong>Методист.</strong> Текст</p>' },
        { title: 'Марина', html: '<p>Первый</p><ul><li>Второй</li></ul>' },
      ],
    });
  });

  it('leaves headings of other levels inside the sections', () => {
    expect(rendered('<h2>Работа</h2><h3>Условия</h3><p>Удалённо</p>', 'h2').sections).toEqual([
      { title: 'Работа', html: '<h3>Условия</h3><p>Удалённо</p>' },
    ]);
  });

  it('gives everything to the intro when there is no such heading', () => {
    const split = splitByHeading('<p>Один</p><p>Два</p>', 'h3');
    expect(split.sections).toEqual([]);
    expect(markup(split.intro)).toBe('<p>Один</p><p>Два</p>');
  });

  it('has no intro when the page starts with a heading (whitespace is not an intro)', () => {
    expect(splitByHeading('\n  <h3>Анна</h3>\n <p>Текст</p>\n', 'h3').intro).toEqual([]);
  });

  it('keeps escaped markup as text, at the top level and inside elements alike', () => {
    const html =
      '&lt;img src=x onerror=alert(1)&gt;<h3>&lt;b&gt;Анна&lt;/b&gt;</h3>' +
      '&lt;img src=x onerror=alert(2)&gt;<p>&lt;script&gt;alert(3)&lt;/script&gt;</p>';
    const { intro, sections } = rendered(html, 'h3');
    expect(intro).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(sections).toEqual([
      {
        title: '<b>Анна</b>',
        html: '&lt;img src=x onerror=alert(2)&gt;<p>&lt;script&gt;alert(3)&lt;/script&gt;</p>',
      },
    ]);
  });
});

describe('htmlNodesToReact', () => {
  const draw = (html: string) => markup(splitByHeading(html, 'h2').intro);

  it('draws only the tags and attributes the server allows', () => {
    expect(
      draw(
        '<img src=x onerror=alert(1)><p onclick="x()" style="color:red" class="lead">Текст</p>' +
          '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>' +
          '<svg><a href="javascript:alert(1)">svg</a></svg><font color="red">шрифт</font>' +
          '<constructor onclick="x()">ещё</constructor>',
      ),
    ).toBe('<img src="x"><p class="lead">Текст</p>шрифтещё');
  });

  it('keeps web, mail and phone links, and drops script ones however they are spelt', () => {
    expect(
      draw(
        '<a href="javascript:alert(1)">1</a><a href="java&#x0A;script:alert(2)">2</a>' +
          '<a href=" JavaScript:alert(3)">3</a><a href="data:text/html,x">4</a>' +
          '<a href="/about">5</a><a href="mailto:a@b.ru">6</a><a href="tel:+78000000000">7</a>' +
          '<a href="https://example.org" target="_top" rel="opener">8</a>',
      ),
    ).toBe(
      '<a>1</a><a>2</a><a>3</a><a>4</a><a href="/about">5</a><a href="mailto:a@b.ru">6</a>' +
        '<a href="tel:+78000000000">7</a>' +
        '<a href="https://example.org" target="_blank" rel="noopener noreferrer">8</a>',
    );
  });

  it('takes images from https or our own paths only', () => {
    expect(
      draw(
        '<img alt="a" src="https://cdn.example/a.png"><img alt="b" src="/media/b.png">' +
          '<img src="http://cdn.example/c.png" alt="c"><img src="data:image/png;base64,AA" alt="d">',
      ),
    ).toBe(
      '<img alt="a" src="https://cdn.example/a.png"><img alt="b" src="/media/b.png">' +
        '<img alt="c"><img alt="d">',
    );
  });

  it('draws tables, lists and details with their allowed attributes', () => {
    expect(
      draw(
        '<table>\n<tr>\n<th colspan="2" scope="col">Шапка</th>\n</tr>\n</table>' +
          '<ol start="3" reversed><li>Три</li></ol><details open><summary>Ещё</summary>Текст</details>' +
          '<!-- комментарий <img src=x onerror=alert(1)> -->',
      ),
    ).toBe(
      '<table><tbody><tr><th colspan="2" scope="col">Шапка</th></tr></tbody></table>' +
        '<ol start="3" reversed=""><li>Три</li></ol><details open=""><summary>Ещё</summary>Текст</details>',
    );
  });
});
