/**
 * docs/PRODUCT.md «Screens and routes»: the subscription block shows when the user is not logged in, has no subscription, or has a
 * free one. While a logged-in parent's profile is still loading it shows too: it is the last section,
 * so hiding it later moves nothing the parent is looking at.
 */
export function showsSubscriptionBlock(session: {
  isLoggedIn: boolean;
  profile: { subscription: { is_free: boolean } | null } | null;
}): boolean {
  if (!session.isLoggedIn) return true;
  const subscription = session.profile?.subscription;
  return subscription == null || subscription.is_free;
}
