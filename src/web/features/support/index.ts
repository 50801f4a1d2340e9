// The support form, which the help section shows to a signed-in parent too.
export { SupportForm } from './support-form';
export { SupportSent } from './support-sent';
