// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Sticker } from '@contract/api/learning';
import { stickerOf } from '@contract/api/stickers';
import { StickerAlbum } from './sticker-album';

afterEach(cleanup);

const stickers = (count: number): Sticker[] =>
  Array.from({ length: count }, (_, index) => ({
    sticker: stickerOf(index),
    lesson_id: index + 1,
    lesson_title: `Урок ${index + 1}`,
    earned_at: '2026-11-24T09:00:00.000Z',
  }));

const places = () => within(screen.getByRole('list', { name: 'Альбом наклеек: Маша' }));

describe('StickerAlbum', () => {
  it('shows an empty page of twelve waiting places before the first lesson', () => {
    const { container } = render(<StickerAlbum stickers={[]} name="Маша" />);
    expect(places().queryAllByRole('listitem')).toHaveLength(0);
    expect(container.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(12);
  });

  it('keeps a full page in view, and the thirteenth sticker starts the next', () => {
    const { container, rerender } = render(<StickerAlbum stickers={stickers(12)} name="Маша" />);
    expect(places().getAllByRole('listitem')).toHaveLength(12);
    expect(container.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(0);

    rerender(<StickerAlbum stickers={stickers(13)} name="Маша" />);
    const shown = places().getAllByRole('img');
    expect(shown.map((sticker) => sticker.getAttribute('aria-label'))).toEqual([
      'Машинка\u00a0— за урок «Урок 13»',
    ]);
    expect(screen.getByText('Страница 2 из 2')).toBeTruthy();
    expect(container.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(11);
  });

  it('nests the quotes of a lesson title that has its own', () => {
    render(
      <StickerAlbum
        stickers={stickers(1).map((s) => ({ ...s, lesson_title: 'Сказка «Колобок»' }))}
        name="Маша"
      />,
    );
    expect(places().getByRole('img').getAttribute('aria-label')).toBe(
      'Солнышко\u00a0— за урок «Сказка „Колобок“»',
    );
  });

  it('goes round the 24 pictures again after the last', () => {
    expect(stickerOf(0)).toBe('sun');
    expect(stickerOf(23)).toBe('heart');
    expect(stickerOf(24)).toBe('sun');
  });
});
