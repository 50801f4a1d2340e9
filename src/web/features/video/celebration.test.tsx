// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Achievement } from '@contract/api/learning';
import { Celebration } from './celebration';

afterEach(cleanup);

const award = (code: string, title: string): Achievement => ({
  code,
  title,
  description: '',
  earned_at: '2026-11-24T09:00:00.000Z',
});

describe('Celebration', () => {
  it('names the one award a lesson earned', () => {
    render(
      <Celebration
        achievements={[award('first-lesson', 'Первый урок')]}
        sticker={null}
        onDone={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('Ура! Новая награда');
    expect(screen.getByText('«Первый урок»')).toBeTruthy();
  });

  it('names every award when one lesson earned several, and «Дальше» moves on', () => {
    const onDone = vi.fn();
    render(
      <Celebration
        achievements={[award('first-lesson', 'Первый урок'), award('full-week', 'Целая неделя')]}
        sticker={null}
        onDone={onDone}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('Ура! Новые награды');
    expect(screen.getByText('«Первый урок», «Целая неделя»')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Дальше' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('shows a finished lesson’s sticker big, named for the grown-up', () => {
    const { container } = render(
      <Celebration
        achievements={[]}
        sticker={{
          sticker: 'fox',
          lesson_id: 3,
          lesson_title: 'Счёт до трёх. Играем',
          earned_at: '2026-11-24T09:00:00.000Z',
        }}
        onDone={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('Ура! Новая наклейка: Лисичка');
    expect(container.querySelector('[data-sticker="fox"] svg')).not.toBeNull();
  });
});
