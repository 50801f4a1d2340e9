import { PAGE_SLUGS } from '@contract/api/content';
import { DocumentView } from './document-view';

export default function LicenseAgreementPage() {
  return <DocumentView slug={PAGE_SLUGS.license} fallbackTitle="Лицензионный договор-оферта" />;
}
