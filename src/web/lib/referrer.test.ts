// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readReferrer, registrationQuery, rememberReferrer } from './referrer';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

describe('referral code (docs/PRODUCT.md «Product rules»)', () => {
  it('keeps ?ref= in local storage and the ref cookie', () => {
    rememberReferrer('?ref=FRIEND-42&utm_source=vk');
    expect(localStorage.getItem('referrer_code')).toBe('FRIEND-42');
    expect(document.cookie).toContain('ref=FRIEND-42');
  });

  it('ignores an address without a code, or with an absurd one', () => {
    rememberReferrer('?utm_source=vk');
    rememberReferrer(`?ref=${'x'.repeat(101)}`);
    rememberReferrer('?ref=%20%20');
    expect(localStorage.getItem('referrer_code')).toBeNull();
    expect(readReferrer()).toBeNull();
  });

  it('a later link replaces the remembered code', () => {
    rememberReferrer('?ref=first');
    rememberReferrer('?ref=second');
    expect(readReferrer()).toBe('second');
  });

  it('falls back to the cookie when local storage was cleared', () => {
    rememberReferrer('?ref=cookie-only');
    localStorage.clear();
    expect(readReferrer()).toBe('cookie-only');
  });
});

describe('query string of the registration (docs/PRODUCT.md «Product rules»)', () => {
  it("sends the page's own query: ref and utm_*", () => {
    expect(registrationQuery('?ref=abc&utm_source=vk&utm_campaign=spring')).toBe(
      'ref=abc&utm_source=vk&utm_campaign=spring',
    );
  });

  it('adds the remembered code when the page has none', () => {
    rememberReferrer('?ref=remembered');
    expect(registrationQuery('?utm_medium=cpc')).toBe('utm_medium=cpc&ref=remembered');
    expect(registrationQuery('')).toBe('ref=remembered');
  });

  it("prefers the page's own code to the remembered one", () => {
    rememberReferrer('?ref=old');
    expect(registrationQuery('?ref=new')).toBe('ref=new');
  });

  it('never forwards one-time codes or addresses from mail links', () => {
    expect(
      registrationQuery(
        '?usertoken=u&verified_token=v&token=t&email=a%40b.ru&social_error=denied&utm_source=mail',
      ),
    ).toBe('utm_source=mail');
  });

  it('is empty when there is nothing to send', () => {
    expect(registrationQuery('')).toBe('');
  });
});
