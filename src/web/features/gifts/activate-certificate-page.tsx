import { useLocation } from 'react-router';
import { Container } from '../../components/ui/container';
import { Panel } from '../personal';
import { ActivateCertificateForm } from './activate-certificate-form';
import { pendingCertificateCode } from './certificate-code';
import styles from './gifts.module.scss';

/** personal/activate-certificate: a gift's code becomes the family's subscription. */
export default function ActivateCertificatePage() {
  const { search } = useLocation();
  return (
    <Container className={styles.page}>
      <Panel
        title="Активация подарка"
        description="Введите код из письма или сертификата. Подписка начнётся сегодня, а если уже есть оплаченная — продолжится после неё."
        className={styles.narrowPanel}
      >
        <ActivateCertificateForm initialCode={pendingCertificateCode(search)} />
      </Panel>
    </Container>
  );
}
