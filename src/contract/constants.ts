// docs/PRODUCT.md «Product rules» business constants and limits, shared by server, web and admin.

export const HTTP_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const DEFAULT_LIST_PAGE = 1;

export const DEFAULT_SUBSCRIPTION_DURATION_MONTHS = 6;
export const BENEFIT_DURATIONS_MONTHS = [3, 6, 12, 24] as const;
export const TARIFF_DURATIONS_MONTHS = [1, 3, 6, 12, 24] as const;

export const CAPTCHA_SCRIPT_POLL_MS = 25;
export const SCROLL_TO_TOP_DELAY_MS = 400;

export const TOUCH = {
  tapTolerance: 10,
  swipeTolerance: 30,
  holdMs: 400,
  longTapMs: 400,
} as const;

export const SMOOTH_SCROLL = { durationMs: 500, offset: 0 } as const;
export const TOOLTIP = { fadeMs: 150, visibilityCheckMs: 100 } as const;
export const TOAST_AUTO_HIDE_MS = 5000;

export const BREAKPOINTS = {
  xs: 380,
  sm: 450,
  md: 575,
  mdUp: 576,
  tabletMax: 767,
  tablet: 768,
  lgMax: 991,
  lg: 992,
  xlMax: 1199,
  xl: 1200,
  mobile: 575,
  tabletDevice: 992,
  laptop: 1200,
  bannerMaxWidth: 1920,
} as const;

/** The burger menu replaces the header menu below this width (docs/PRODUCT.md «Screens and routes»). */
export const MOBILE_MENU_BELOW_PX = 768;

export const DEFAULT_PAGE_TITLE = 'Школа Умняшек';

export const TRIAL_DAYS = 7;
export const GIFT_CERTIFICATE_VALID_DAYS = 365;

/** ISO 4217 numeric code of the rouble, as the acquirer wants it. */
export const CURRENCY_RUB = 643;

export const LIST_PER_PAGE = 20;
