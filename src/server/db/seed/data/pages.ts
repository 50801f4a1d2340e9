import type { SeedPage } from './types';
import { about, contacts, team, vacancy } from './page-content/about-pages';
import { faq } from './page-content/faq';
import { licenseAgreement } from './page-content/license-agreement';
import { personalDataConsent } from './page-content/personal-data-consent';
import { privacyPolicy } from './page-content/privacy-policy';

export const pages: SeedPage[] = [
  privacyPolicy,
  licenseAgreement,
  personalDataConsent,
  about,
  team,
  vacancy,
  contacts,
  faq,
];
