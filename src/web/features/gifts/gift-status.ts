import type { BoughtGift } from '../../api/store';

export type GiftStatus = 'active' | 'off' | 'activated' | 'expired';

export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  active: 'активен',
  off: 'выключен',
  activated: 'активирован',
  expired: 'истёк',
};

/** What became of a gift: used first, then out of date, then switched off by the buyer. */
export function giftStatus(gift: BoughtGift, now: Date = new Date()): GiftStatus {
  if (gift.activated) return 'activated';
  if (new Date(gift.expires_at).getTime() <= now.getTime()) return 'expired';
  return gift.is_active ? 'active' : 'off';
}

/** A gift that can still be given: the switch and sending apply to it. */
export function isUnused(gift: BoughtGift, now: Date = new Date()): boolean {
  const status = giftStatus(gift, now);
  return status === 'active' || status === 'off';
}

/**
 * The gift just bought for the address the parent gave before paying: active, never sent, and not older
 * than that payment when we know when it started.
 */
export function giftToOffer(
  gifts: readonly BoughtGift[],
  paidSince: string | null,
  now: Date = new Date(),
): BoughtGift | undefined {
  const since = paidSince ? new Date(paidSince).getTime() : Number.NEGATIVE_INFINITY;
  return gifts.find(
    (gift) =>
      giftStatus(gift, now) === 'active' &&
      gift.sent_to === null &&
      new Date(gift.created_at).getTime() >= since,
  );
}
