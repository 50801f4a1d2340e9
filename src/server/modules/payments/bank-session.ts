// How long the bank's payment page of an order stays open, and when an order nobody paid is surely over.

/** How long the bank's payment page stays open (register.do sessionTimeoutSecs; the bank's default). */
export const ORDER_SESSION_SECONDS = 1200;

/** After the page's timeout, how long the bank may take to write the order off (declinedByTimeout). */
export const SESSION_CLOSE_MARGIN_MS = 60_000;

/** When an order's payment page is surely closed: an order still only registered then was never paid. */
export const sessionClosedAt = (createdAt: Date) =>
  new Date(createdAt.getTime() + ORDER_SESSION_SECONDS * 1000 + SESSION_CLOSE_MARGIN_MS);
