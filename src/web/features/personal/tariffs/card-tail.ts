/** A saved or paying card as the parent recognises it: «•• 1111». */
export function cardTail(maskedPan: string): string {
  return `••\u00a0${maskedPan.slice(-4)}`;
}
