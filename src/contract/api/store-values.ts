// Plain values of the store, free of zod, so the browser's screens can import them cheaply.

/** An extra child place on top of the tariff's amount_children, bought once for the family: 490 ₽. */
export const CHILD_SLOT_PRICE = 49_000;
