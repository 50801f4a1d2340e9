/**
 * «+79123456789» (how the server stores a number) → «+7 912 345-67-89», how a Russian reads and says it.
 * The groups are joined by non-breaking spaces, so a line never ends on «+7» (the hyphens between digits
 * do not break either). Anything else is shown as it is.
 */
export function formatRussianPhone(phone: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+7\u00a0${match[1]}\u00a0${match[2]}-${match[3]}-${match[4]}` : phone;
}
