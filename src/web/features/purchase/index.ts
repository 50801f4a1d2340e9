// What a screen that starts a payment says when the purchase cannot go ahead.
export { purchaseProblem } from './purchase-problem';
