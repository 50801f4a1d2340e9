import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './provider';

describe('an e-mail from a social network', () => {
  it('takes the stored form of the school, so it meets the account registered by hand', () => {
    expect(normaliseEmail(' Olya@Mail.RU ')).toBe('olya@mail.ru');
    expect(normaliseEmail('ОЛЯ@ПОЧТА.РФ')).toBe('оля@xn--80a1acny.xn--p1ai');
  });

  it('counts anything that is not an address as none', () => {
    for (const value of [
      undefined,
      '',
      'olya',
      'olya@',
      '@mail.ru',
      'a@evil.ru/mail.ru',
      'a <b>@x.ru',
    ]) {
      expect(normaliseEmail(value), String(value)).toBeNull();
    }
  });
});
