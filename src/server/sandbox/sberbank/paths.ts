// Where the sandbox's pages live below its prefix (/sandbox/sberbank): the REST methods, the hosted
// payment page (the bank's own path, so formUrl looks like the real one) and the 3-D Secure page.
export const SANDBOX_PREFIX = '/sandbox/sberbank';
export const REST_PATH = '/payment/rest';
export const PAYMENT_PAGE_PATH = '/payment/merchants/sbersafe/payment_ru.html';
export const ACS_PATH = '/acs';

/** The page a payer opens for an order: formUrl of register.do. */
export const paymentPageUrl = (base: string, orderId: string) =>
  `${base}${PAYMENT_PAGE_PATH}?${new URLSearchParams({ mdOrder: orderId }).toString()}`;

export const acsPageUrl = (base: string, orderId: string) =>
  `${base}${ACS_PATH}?${new URLSearchParams({ mdOrder: orderId }).toString()}`;
