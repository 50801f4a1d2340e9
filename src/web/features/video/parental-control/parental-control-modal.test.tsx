// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { openModal, useModalStore } from '../../../components/modal/modal-store';
import ParentalControlModal from './parental-control-modal';
import { numberInWords } from './russian-number-words';

beforeEach(() => {
  useModalStore.setState({ name: 'parental-control', props: {}, onClose: undefined, key: 1 });
});
afterEach(cleanup);

const DIGITS_OF = new Map<string, number>();
for (let n = 100; n <= 9999; n += 1) DIGITS_OF.set(numberInWords(n), n);

/** Reads the number the way a grown-up does: from its words. */
function shownNumber(): number {
  const input = screen.getByLabelText(/Число/) as HTMLInputElement;
  const label = input.labels?.[0]?.textContent ?? '';
  const words = /«(.+)»/.exec(label)?.[1] ?? '';
  const value = DIGITS_OF.get(words);
  if (value === undefined) throw new Error(`No number in «${label}»`);
  return value;
}

function answer(value: string) {
  fireEvent.change(screen.getByLabelText(/Число/), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
}

describe('ParentalControlModal', () => {
  it('a wrong answer keeps the child in and gives a new number', () => {
    const onConfirm = vi.fn();
    render(<ParentalControlModal onConfirm={onConfirm} />);
    const first = shownNumber();
    answer(String(first + 1));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Неверно');
    expect(shownNumber()).not.toBe(first);
    expect(useModalStore.getState().name).toBe('parental-control');
  });

  it('only the number typed as digits lets the parent out', () => {
    const onConfirm = vi.fn();
    render(<ParentalControlModal onConfirm={onConfirm} />);
    answer(numberInWords(shownNumber()));
    expect(onConfirm).not.toHaveBeenCalled();
    answer(String(shownNumber()));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(useModalStore.getState().name).toBeNull();
  });

  it('«Остаться» closes the task without letting out', () => {
    const onConfirm = vi.fn();
    render(<ParentalControlModal onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Остаться' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(useModalStore.getState().name).toBeNull();
  });

  it('a grown-up’s choice on the lesson page says what it is for, and what it opens stays open', () => {
    render(
      <ParentalControlModal
        onConfirm={() => openModal('thanks', { title: 'Режим занятий' })}
        purpose="изменить режим занятий"
        confirmText="Продолжить"
        cancelText="Отмена"
      />,
    );
    expect(screen.getByText(/чтобы изменить режим занятий, запишите число цифрами/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Число/), { target: { value: String(shownNumber()) } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(useModalStore.getState()).toMatchObject({ name: 'thanks' });
  });
});
