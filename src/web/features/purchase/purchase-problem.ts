import { errorMessage, fieldErrors } from '../../api/interceptors';

/** What a parent reads when a purchase could not start: the field's own error first (422), else the message. */
export function purchaseProblem(error: unknown): string {
  const [first] = Object.values(fieldErrors(error));
  return first ?? errorMessage(error);
}
