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
    const shown = places().getAllByRole('listitem');
    expect(shown.map((place) => place.getAttribute('aria-label'))).toEqual([
      'Машинка — за урок «Урок 13»',
    ]);
    expect(container.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(11);
  });

  it('goes round the 24 pictures again after the last', () => {
    expect(stickerOf(0)).toBe('sun');
    expect(stickerOf(23)).toBe('heart');
    expect(stickerOf(24)).toBe('sun');
  });
});
