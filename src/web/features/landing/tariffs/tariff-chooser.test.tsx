// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SubscriptionItem } from '@contract/api/catalog';
import { computeBenefit } from '@contract/benefit';
import { buildTariffPlan } from './tariff-plan';
import { TariffChooser } from './tariff-chooser';

afterEach(cleanup);

const monthly: Record<number, number> = { 1: 990, 2: 1690 };
const perMonth: Record<number, Record<number, number>> = {
  1: { 1: 990, 3: 890, 6: 790, 12: 690 },
  2: { 1: 1690, 3: 1520, 6: 1350 },
};

let id = 1;
const items: SubscriptionItem[] = Object.entries(perMonth).flatMap(([children, prices]) =>
  Object.entries(prices).map(([months, roubles]) => {
    const price = roubles * Number(months) * 100;
    return {
      id: id++,
      title: 'Подписка',
      price,
      duration: Number(months),
      amount_children: Number(children),
      is_free: false,
      trial_days: 0,
      benefits: computeBenefit((monthly[Number(children)] ?? 0) * 100, Number(months), price),
    };
  }),
);

function renderChooser() {
  return render(
    <MemoryRouter>
      <TariffChooser plan={buildTariffPlan(items)} />
    </MemoryRouter>,
  );
}

const checkedTariff = () =>
  screen
    .getAllByRole('radio')
    .find((radio) => (radio as HTMLInputElement).checked && radio.closest('fieldset'));

describe('TariffChooser', () => {
  it('preselects six months for one child and shows its benefit and full price', () => {
    renderChooser();
    expect(checkedTariff()?.closest('label')?.textContent).toContain('6\u00a0месяцев');
    expect(screen.getByRole('radio', { name: /1\u00a0ребёнок/ })).toHaveProperty('checked', true);
    const six = checkedTariff()?.closest('label');
    expect(six?.textContent).toContain('выгода 20\u00a0%');
    expect(six?.querySelector('del')?.textContent).toContain('5\u00a0940\u00a0₽');
    expect(screen.getByText('Итого к оплате').parentElement?.textContent).toContain(
      '4\u00a0740\u00a0₽',
    );
  });

  it('shows no benefit for one month', () => {
    renderChooser();
    const month = screen.getByRole('radio', { name: /^1\u00a0месяц/ }).closest('label');
    expect(month?.textContent).not.toContain('выгода');
    expect(month?.querySelector('del')).toBeNull();
  });

  it('keeps the duration when the number of children changes, else falls back to six months', () => {
    renderChooser();
    fireEvent.click(screen.getByRole('radio', { name: /^3\u00a0месяца/ }));
    fireEvent.click(screen.getByRole('radio', { name: /2\u00a0ребёнка/ }));
    expect(checkedTariff()?.closest('label')?.textContent).toContain('3\u00a0месяца');
    expect(screen.getByText('Итого к оплате').parentElement?.textContent).toContain(
      '4\u00a0560\u00a0₽',
    );

    fireEvent.click(screen.getByRole('radio', { name: /1\u00a0ребёнок/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^12\u00a0месяцев/ }));
    fireEvent.click(screen.getByRole('radio', { name: /2\u00a0ребёнка/ }));
    expect(checkedTariff()?.closest('label')?.textContent).toContain('6\u00a0месяцев');
  });

  it('upper-cases the promo code and passes it with the tariff to /subscribe', () => {
    renderChooser();
    const input = screen.getByLabelText('Промокод') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'leto 2026' } });
    expect(input.value).toBe('LETO2026');
    const link = screen.getByRole('link', { name: /Оформить подписку/ });
    const chosenId = (checkedTariff() as HTMLInputElement).value;
    expect(link.getAttribute('href')).toBe(`/subscribe?tariff=${chosenId}&promo=LETO2026`);
  });
});
