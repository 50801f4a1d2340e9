import { describe, expect, it } from 'vitest';
import { showsSubscriptionBlock } from './subscription-visibility';

describe('showsSubscriptionBlock (docs/PRODUCT.md «Screens and routes»)', () => {
  it('shows for guests, parents without a subscription and parents on a free one', () => {
    expect(showsSubscriptionBlock({ isLoggedIn: false, profile: null })).toBe(true);
    expect(showsSubscriptionBlock({ isLoggedIn: true, profile: { subscription: null } })).toBe(
      true,
    );
    expect(
      showsSubscriptionBlock({ isLoggedIn: true, profile: { subscription: { is_free: true } } }),
    ).toBe(true);
  });

  it('hides for a paid subscription', () => {
    expect(
      showsSubscriptionBlock({ isLoggedIn: true, profile: { subscription: { is_free: false } } }),
    ).toBe(false);
  });
});
