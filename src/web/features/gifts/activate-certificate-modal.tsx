import { useNavigate } from 'react-router';
import { ModalShell } from '../../components/modal/modal-shell';
import { ModalArt } from '../../components/modal/modal-art';
import { KEEP_MODAL_STATE } from '../../components/modal/modal-store';
import { queryProp } from '../../components/modal/query-prop';
import { useSession } from '../../api/session';
import { pathTo } from '../../lib/routes';
import { Button } from '../../components/ui/button';
import { ActivateCertificateForm } from './activate-certificate-form';
import {
  codeQuery,
  OPEN_ENTRY_STATE,
  pendingCertificateCode,
  rememberCertificateCode,
} from './certificate-code';
import styles from '../../components/modal/modal-content.module.scss';

/**
 * `/activate-certificate`: a gift certificate's code becomes the family's subscription. A guest is asked
 * to log in or register first; the code goes along to the page that does that, and comes back filled in.
 */
export default function ActivateCertificateModal(props: Record<string, unknown>) {
  const { isLoggedIn, profile } = useSession();
  const navigate = useNavigate();
  const fromQuery = queryProp(props, 'code');
  const code = fromQuery
    ? pendingCertificateCode(`?code=${encodeURIComponent(fromQuery)}`)
    : pendingCertificateCode('');

  if (isLoggedIn && profile?.family_role === 'caregiver') {
    // A certificate becomes a subscription, and subscriptions are the owner's (docs/PRODUCT.md
    // «Grown-ups of a family»): the code goes to them.
    return (
      <ModalShell title="Активация подарка" size="sm" art={<ModalArt kind="gift" />}>
        <p className={styles.text}>
          Подарок активирует родитель, который оплачивает занятия: перешлите ему код из письма или
          сертификата.
        </p>
      </ModalShell>
    );
  }
  if (isLoggedIn) {
    return (
      <ModalShell title="Активация подарка" size="sm" art={<ModalArt kind="gift" />}>
        <p className={styles.text}>Введите код из письма или сертификата.</p>
        <ActivateCertificateForm initialCode={code} />
      </ModalShell>
    );
  }

  const go = (to: 'certificate-register' | 'certificate-auth') => {
    rememberCertificateCode(code);
    // The page opens the register or login modal in place of this one.
    void navigate(pathTo(to, undefined, codeQuery(code)), {
      state: { ...KEEP_MODAL_STATE, [OPEN_ENTRY_STATE]: true },
    });
  };

  return (
    <ModalShell title="Активация подарка" size="sm" art={<ModalArt kind="gift" />}>
      <p className={styles.text}>
        Подарок активируется в личном кабинете. Войдите или зарегистрируйтесь — код подставится сам.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => go('certificate-register')}>
          Зарегистрироваться
        </Button>
        <Button onClick={() => go('certificate-auth')} autoFocus>
          Войти
        </Button>
      </div>
    </ModalShell>
  );
}
