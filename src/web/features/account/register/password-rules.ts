import { PASSWORD_MIN_LENGTH } from '@contract/api/auth';

export { PASSWORD_MIN_LENGTH };

// The rule itself is the contract's newPasswordField; these drive the hint that ticks off as one types.
export function isLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

export function isNotOnlyDigits(password: string): boolean {
  return password.length > 0 && !/^\d+$/.test(password);
}
