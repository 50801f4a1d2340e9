import { domainToASCII, domainToUnicode as nodeDomainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emailField } from './api/auth';
import {
  EMAIL_MESSAGES,
  decodePunycode,
  displayEmail,
  domainToAscii,
  domainToUnicode,
  isStoredEmail,
  normalizeEmail,
} from './email';

describe('the e-mail rule', () => {
  it.each([
    ['оля@почта.рф', 'оля@xn--80a1acny.xn--p1ai'],
    ['  ОЛЯ@ПОЧТА.РФ ', 'оля@xn--80a1acny.xn--p1ai'],
    ['оля@xn--80a1acny.xn--p1ai', 'оля@xn--80a1acny.xn--p1ai'],
    ['OLYA@XN--80A1ACNY.XN--P1AI', 'olya@xn--80a1acny.xn--p1ai'],
    ['Mama@Mail.RU ', 'mama@mail.ru'],
    ['papa@почта。рф', 'papa@xn--80a1acny.xn--p1ai'],
    ['a@münchen.de', 'a@xn--mnchen-3ya.de'],
    ['имя.фамилия+школа@пример.рус', 'имя.фамилия+школа@xn--e1afmkfd.xn--p1acf'],
  ])('stores %j as %j', (typed, stored) => {
    expect(emailField.parse(typed)).toBe(stored);
    expect(isStoredEmail(stored)).toBe(true);
  });

  it.each([
    ['', EMAIL_MESSAGES.required],
    ['   ', EMAIL_MESSAGES.required],
    ['mama', EMAIL_MESSAGES.invalid],
    ['mama@mail', EMAIL_MESSAGES.invalid],
    ['mama@mail.ru.', EMAIL_MESSAGES.invalid],
    ['mama@-mail.ru', EMAIL_MESSAGES.invalid],
    ['mama@1.2.3.4', EMAIL_MESSAGES.invalid],
    // The URL parser would read the host as evil.ru: the domain is checked before it is parsed.
    ['mama@evil.ru/mail.ru', EMAIL_MESSAGES.invalid],
    ['mama@evil.ru#mail.ru', EMAIL_MESSAGES.invalid],
    ['mama@mail.ru:80', EMAIL_MESSAGES.invalid],
    ['mama@xn--zz.ru', EMAIL_MESSAGES.invalid],
    ['.mama@mail.ru', EMAIL_MESSAGES.invalid],
    ['ma..ma@mail.ru', EMAIL_MESSAGES.invalid],
    ['ma ma@mail.ru', EMAIL_MESSAGES.invalid],
    ['ma<b>@mail.ru', EMAIL_MESSAGES.invalid],
    ['mama@mail@mail.ru', EMAIL_MESSAGES.invalid],
    [`${'я'.repeat(33)}@почта.рф`, EMAIL_MESSAGES.tooLong],
    [
      `${'a'.repeat(20)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.ru`,
      EMAIL_MESSAGES.tooLong,
    ],
  ])('refuses %j: %s', (typed, message) => {
    const result = emailField.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('converts domains as node’s own IDNA does', () => {
    for (const domain of ['почта.рф', 'ПРИМЕР.РУС', 'bücher.de', '例え.テスト', 'mail.ru']) {
      expect(domainToAscii(domain)).toBe(domainToASCII(domain));
    }
  });
});

describe('displayEmail', () => {
  it('shows the domain as the parent wrote it', () => {
    expect(displayEmail('оля@xn--80a1acny.xn--p1ai')).toBe('оля@почта.рф');
    expect(displayEmail('a@xn--mnchen-3ya.de')).toBe('a@münchen.de');
    expect(displayEmail('mama@mail.ru')).toBe('mama@mail.ru');
    expect(displayEmail(normalizeEmail('Оля@Почта.РФ') ?? '')).toBe('оля@почта.рф');
  });

  it('keeps a label that does not decode to itself', () => {
    expect(domainToUnicode('xn--zz.ru')).toBe('xn--zz.ru');
    expect(domainToUnicode('xn--a-ecp.ru')).toBe('xn--a-ecp.ru');
    expect(displayEmail('no-at-sign')).toBe('no-at-sign');
  });

  it('decodes punycode as node does', () => {
    for (const label of [
      '80a1acny',
      'p1ai',
      'e1afmkfd',
      'mnchen-3ya',
      'r8jz45g',
      'zckzah',
      'egbpdaj6bu4bxfgehfvwxn',
      'ihqwcrb4cv8a8dqg056pqjye',
      'n3h',
    ]) {
      expect(decodePunycode(label)).toBe(nodeDomainToUnicode(`xn--${label}`));
    }
    expect(decodePunycode('-> $1.00 <--')).toBe('-> $1.00 <-');
    expect(decodePunycode('99999999999')).toBeNull();
    expect(decodePunycode('a!')).toBeNull();
  });
});
