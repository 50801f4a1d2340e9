// The mailing choices, which the profile shows as well as the unsubscribe page.
export { MailingChoices } from './mailing-choices';
