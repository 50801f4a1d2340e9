import { PAGE_SLUGS } from '@contract/api/content';
import { AboutPageBody } from './about-page-body';

export default function ContactsPage() {
  return <AboutPageBody slug={PAGE_SLUGS.contacts} />;
}
