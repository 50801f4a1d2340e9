// The age groups' names, which the children's screen shows too.
export { AGE_LABELS } from './age-labels';
