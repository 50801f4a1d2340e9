// Apart from routes.ts so the boot script can tell a modal's address without the router.

/** docs/PRODUCT.md «Screens and routes»: the values of `/:modal?` that open a modal on the landing; any other value is a 404. */
export const LANDING_MODALS = [
  'confirmed',
  'fail-payment',
  'password-reset',
  'successful-payment',
  'gift',
  'activate-certificate',
  'family-invite',
] as const;
export type LandingModal = (typeof LANDING_MODALS)[number];

export function isLandingModal(value: string): value is LandingModal {
  return (LANDING_MODALS as readonly string[]).includes(value);
}
