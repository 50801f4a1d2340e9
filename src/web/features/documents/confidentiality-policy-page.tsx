import { PAGE_SLUGS } from '@contract/api/content';
import { DocumentView } from './document-view';

export default function ConfidentialityPolicyPage() {
  return (
    <DocumentView
      slug={PAGE_SLUGS.privacy}
      fallbackTitle="Политика конфиденциальности и обработки персональных данных"
    />
  );
}
