// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanup,
  fireEvent,
  getDefaultNormalizer,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvitedFamily, Referral, ReferralState } from '../../../api/referral';
import { apiUrl, seen, server, serveApiInTests } from '../../../testing/msw';
import { childOf, renderForFamily } from '../../../testing/family-fixtures';
import ProfilePage from '../profile/profile-page';
import { ReferralPanel } from './referral-panel';
import { stateLabel } from './referral-texts';

serveApiInTests();

const LINK = 'https://umnyashki.ru/?ref=OLGA7K';
const masha = childOf(1, 'Маша');

function family(state: ReferralState, days = 0): InvitedFamily {
  return { email: 'ir***@ma***.ru', registered_at: '2026-03-14T09:30:00Z', state, days };
}

function referral(invited: InvitedFamily[] = []): Referral {
  return {
    code: 'OLGA7K',
    link: LINK,
    trial_days: 14,
    reward_days: 30,
    max_per_year: 12,
    counts: { registered: invited.length, paid: 1, days: 30 },
    invited,
  };
}

function answerReferral(body: Referral) {
  server.use(http.get(apiUrl('profile/referral'), () => HttpResponse.json({ data: body })));
}

/** Puts a browser API on `navigator` for one test; `afterEach` takes it away again. */
function give(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

const panel = () => screen.findByRole('region', { name: 'Пригласить друзей' });

describe('the «Пригласить друзей» panel', () => {
  it('explains the offer with the server’s numbers and shows the link, the counts and the families', async () => {
    answerReferral(referral([family('granted', 30), family('registered')]));
    renderForFamily(<ReferralPanel />, [masha]);
    const region = await panel();
    expect(
      await within(region).findByText(
        'Поделитесь ссылкой с друзьями: у них будет 14\u00a0дней бесплатных занятий вместо\u00a07, а когда они впервые оплатят занятия, вам добавим 30\u00a0дней подписки.',
        // The non-breaking spaces are the point: the default would read them as plain ones.
        { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) },
      ),
    ).toBeTruthy();
    expect((within(region).getByLabelText('Ваша ссылка') as HTMLInputElement).value).toBe(LINK);
    const counts = region.querySelector('dl');
    expect(counts?.textContent).toBe('Пришли по ссылке2Оплатили1Вам добавлено30\u00a0дней');
    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ir***@ma***.ruПришли 14 марта 2026Оплатили — вам +30\u00a0дней',
      'ir***@ma***.ruПришли 14 марта 2026Зарегистрировались',
    ]);
  });

  it('says kindly that nobody came yet', async () => {
    answerReferral(referral());
    renderForFamily(<ReferralPanel />, [masha]);
    expect(
      await within(await panel()).findByText('Пока никто не пришёл по вашей ссылке.'),
    ).toBeTruthy();
  });

  it('copies the link when the browser has no share sheet, and says so politely', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    give('clipboard', { writeText });
    answerReferral(referral());
    renderForFamily(<ReferralPanel />, [masha]);
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Поделиться' }));
    const note = await screen.findByText('Ссылка скопирована');
    expect(note.getAttribute('role')).toBe('status');
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('selects the link for copying by hand when the clipboard is refused', async () => {
    give('clipboard', { writeText: () => Promise.reject(new DOMException('', 'NotAllowedError')) });
    answerReferral(referral());
    renderForFamily(<ReferralPanel />, [masha]);
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Поделиться' }));
    await screen.findByText('Ссылка выделена — скопируйте её');
    const field = screen.getByLabelText('Ваша ссылка') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
  });

  it('opens the share sheet when there is one, and copies nothing', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    give('share', share);
    give('clipboard', { writeText });
    answerReferral(referral());
    renderForFamily(<ReferralPanel />, [masha]);
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Поделиться' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: 'Школа Умняшек',
      text: expect.stringContaining('14\u00a0дней бесплатных занятий вместо\u00a07') as unknown,
      url: LINK,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Ссылка скопирована')).toBeNull();
  });

  it('copies after all when the share sheet fails for another reason than being closed', async () => {
    give('share', () => Promise.reject(new DOMException('', 'NotAllowedError')));
    const writeText = vi.fn(() => Promise.resolve());
    give('clipboard', { writeText });
    answerReferral(referral());
    renderForFamily(<ReferralPanel />, [masha]);
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Поделиться' }));
    await screen.findByText('Ссылка скопирована');
    expect(writeText).toHaveBeenCalledWith(LINK);
  });
});

describe('state labels', () => {
  const rules = { reward_days: 30, max_per_year: 12 };
  it.each<[ReferralState, number, string]>([
    ['registered', 0, 'Зарегистрировались'],
    ['granted', 30, 'Оплатили — вам +30\u00a0дней'],
    ['kept', 30, 'Оплатили — 30\u00a0дней ждут вашей следующей подписки'],
    ['kept', 21, 'Оплатили — 21\u00a0день ждёт вашей следующей подписки'],
    ['taken_back', 0, 'Вернули оплату — дни отменены'],
    ['refused_self', 0, 'Без награды: похоже, это вы сами'],
    ['refused_limit', 0, 'Без награды: не больше 12 в год'],
  ])('%s (%i days) reads «%s»', (state, days, label) => {
    expect(stateLabel({ state, days }, rules)).toBe(label);
  });
});

describe('a caregiver', () => {
  it('gets no panel and never asks for the owner’s link', async () => {
    answerReferral(referral());
    renderForFamily(<ProfilePage />, [masha], '/', {
      family_role: 'caregiver',
      family_owner: 'Ольга',
    });
    await screen.findByRole('region', { name: 'Семья' });
    expect(screen.queryByRole('region', { name: 'Пригласить друзей' })).toBeNull();
    expect(seen.filter((request) => request.url === 'profile/referral')).toEqual([]);
  });

  it('gets nothing from the panel itself either', () => {
    renderForFamily(<ReferralPanel />, [masha], '/', { family_role: 'caregiver' });
    expect(screen.queryByRole('region', { name: 'Пригласить друзей' })).toBeNull();
    expect(seen.filter((request) => request.url === 'profile/referral')).toEqual([]);
  });

  it('the owner’s profile page has the panel beside the family', async () => {
    answerReferral(referral());
    renderForFamily(<ProfilePage />, [masha]);
    await screen.findByRole('region', { name: 'Близкие' });
    expect(await panel()).toBeTruthy();
  });
});
