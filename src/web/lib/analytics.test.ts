// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initAnalytics, scrubUrl, trackPageView } from './analytics';

describe('analytics', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete window.ym;
  });

  it('never sends reset or confirmation tokens, addresses or sign-in codes to the counter', () => {
    initAnalytics('12345');
    const ym = vi.fn();
    window.ym = ym;
    trackPageView(
      'https://umnyashki.ru/password-reset?token=secret&email=mama%40mail.ru&utm_source=vk',
      'https://umnyashki.ru/confirmed?verified_token=abc',
    );
    expect(ym).toHaveBeenCalledWith(
      12345,
      'hit',
      'https://umnyashki.ru/password-reset?utm_source=vk',
      {
        referer: 'https://umnyashki.ru/confirmed',
      },
    );
  });

  it('keeps ordinary addresses as they are', () => {
    expect(scrubUrl('https://umnyashki.ru/programs/main-program/two-three?ref=FRIEND')).toBe(
      'https://umnyashki.ru/programs/main-program/two-three?ref=FRIEND',
    );
  });

  it('loads nothing and answers callbacks when no counter is configured', () => {
    initAnalytics(null);
    const callback = vi.fn();
    window.ym?.(1, 'reachGoal', 'x', callback);
    expect(callback).toHaveBeenCalled();
    expect(document.querySelector('script[src*="mc.yandex.ru"]')).toBeNull();
  });
});
