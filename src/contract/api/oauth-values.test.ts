// A social account that shared no address: the back office's accounts list names why there is none,
// never the stand-in address the database keeps (src/admin/resources/users.tsx).
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_EMAIL_DOMAIN, noEmailLabel, placeholderNetwork } from './oauth-values';

describe('an account without an address, as the back office names it', () => {
  it('says which sign-in made it', () => {
    expect(noEmailLabel(`vk-100003-7f3a@${PLACEHOLDER_EMAIL_DOMAIN}`)).toBe(
      'нет почты (вход через VK ID)',
    );
    expect(noEmailLabel(`fb-2291-c0de@${PLACEHOLDER_EMAIL_DOMAIN}`)).toBe(
      'нет почты (вход через Facebook)',
    );
  });

  it('says only «нет почты» when the stand-in names no network', () => {
    expect(noEmailLabel(`x-1@${PLACEHOLDER_EMAIL_DOMAIN}`)).toBe('нет почты');
  });

  it('never takes a real address for a stand-in, even one on a look-alike domain', () => {
    expect(placeholderNetwork('vk-fan@mail.ru')).toBeNull();
    expect(placeholderNetwork(`vk-1@sub.${PLACEHOLDER_EMAIL_DOMAIN}.ru`)).toBeNull();
  });
});
