import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { MAILING_CONSENT, type SocialNetwork } from '@contract/api/auth';
import { PAGE_SLUGS } from '@contract/api/content';
import { SOCIAL_NETWORK_TITLES } from '@contract/api/oauth-values';
import { displayEmail } from '@contract/email';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { DocumentPanel } from './document-panel';
import { WelcomeView } from './welcome-view';
import { acceptSocialSignup, cancelSocialSignup, showSocialSignup } from '../../../api/auth';
import { errorMessage } from '../../../api/interceptors';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { FormAlert } from '../../../components/form/form-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/toast/toast';
import form from '../../../components/form/form.module.scss';
import content from '../../../components/modal/modal-content.module.scss';
import styles from './account-forms.module.scss';

const DOCUMENTS = {
  consent: { slug: PAGE_SLUGS.personalData, title: 'Согласие на обработку персональных данных' },
  privacy: { slug: PAGE_SLUGS.privacy, title: 'Политика конфиденциальности' },
} as const;
type DocumentKey = keyof typeof DOCUMENTS;

const NO_CONSENT = 'Без согласия на обработку персональных данных зарегистрироваться нельзя';

type Person = Awaited<ReturnType<typeof showSocialSignup>>;

/**
 * The consent step of a first sign-in through VK ID or Facebook (152-FZ): the school has made no account
 * yet. Accepting makes it and signs the parent in; refusing — or closing the modal — deletes what the
 * network passed on.
 */
export default function SocialSignupModal({ network }: { network: SocialNetwork }) {
  const id = useId();
  const title = SOCIAL_NETWORK_TITLES[network];
  const [person, setPerson] = useState<Person | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [given, setGiven] = useState(false);
  const [mailing, setMailing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [document, setDocument] = useState<DocumentKey | null>(null);
  const [welcome, setWelcome] = useState(false);
  const documentOpener = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    let live = true;
    showSocialSignup().then(
      (found) => live && setPerson(found),
      (error: unknown) => live && setGone(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  if (welcome && person) {
    return <WelcomeView name={person.name} social={{ network, email: person.email }} />;
  }

  const refuse = () => {
    closeModal();
    // Nothing to delete when the step was already gone.
    if (gone) return;
    void cancelSocialSignup().catch(() => undefined);
    toast.success('Регистрация отменена', `Данные из ${title} мы не сохранили.`);
  };

  const accept = async () => {
    setFailure(null);
    if (!given) {
      setProblem(NO_CONSENT);
      return;
    }
    setBusy(true);
    try {
      await acceptSocialSignup({ consent_personal_data: true, consent_mailing: mailing });
      setWelcome(true);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const openDocument = (key: DocumentKey) => (event: MouseEvent<HTMLButtonElement>) => {
    documentOpener.current = event.currentTarget;
    setDocument(key);
  };
  const closeDocument = () => {
    setDocument(null);
    requestAnimationFrame(() => documentOpener.current?.focus());
  };

  return (
    <ModalShell
      title={`Регистрация через ${title}`}
      size={document ? 'lg' : 'md'}
      onRequestClose={refuse}
      onEscape={document ? closeDocument : undefined}
    >
      {document && (
        <DocumentPanel
          slug={DOCUMENTS[document].slug}
          fallbackTitle={DOCUMENTS[document].title}
          onBack={closeDocument}
        />
      )}
      <div className={styles.view} hidden={document !== null}>
        {gone ? (
          <>
            <p className={form.alert} role="alert">
              {gone}
            </p>
            <div className={content.actions}>
              <Button variant="secondary" onClick={closeModal}>
                Закрыть
              </Button>
              <Button onClick={() => openModal('login')} autoFocus>
                Войти ещё раз
              </Button>
            </div>
          </>
        ) : !person ? (
          <div aria-busy="true">
            <Skeleton lines={6} />
          </div>
        ) : (
          <>
            <p className={styles.intro}>
              Вы впервые входите через {title}. Аккаунт в&nbsp;Школе Умняшек появится, когда вы
              дадите согласие на обработку персональных данных.
            </p>
            <dl className={styles.person} aria-label={`Данные из ${title}`}>
              <dt>Имя</dt>
              <dd>{[person.name, person.surname].filter(Boolean).join(' ')}</dd>
              <dt>Почта</dt>
              <dd>
                {person.email ? (
                  <EmailText email={displayEmail(person.email)} />
                ) : (
                  `${title} её не передал — адрес можно добавить в профиле`
                )}
              </dd>
            </dl>
            <FormAlert message={failure} />
            <div className={styles.consents}>
              <div className={styles.consent}>
                <label className={styles.consentCheck}>
                  <input
                    type="checkbox"
                    checked={given}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-consent-error` : undefined}
                    onChange={(event) => {
                      setGiven(event.target.checked);
                      setProblem(null);
                    }}
                  />
                  <span>Даю согласие на обработку моих персональных данных</span>
                </label>
                <span className={styles.consentLinks}>
                  <button type="button" className={form.link} onClick={openDocument('consent')}>
                    Текст согласия
                  </button>
                  <button type="button" className={form.link} onClick={openDocument('privacy')}>
                    Политика конфиденциальности
                  </button>
                </span>
                {problem && (
                  <span
                    id={`${id}-consent-error`}
                    className={`${form.fieldError} ${styles.consentError}`}
                  >
                    {problem}
                  </span>
                )}
              </div>
              <label className={styles.consentCheck}>
                <input
                  type="checkbox"
                  checked={mailing}
                  onChange={(event) => setMailing(event.target.checked)}
                />
                <span>
                  {/* The server stores this wording's version with the consent: keep it verbatim. */}
                  {MAILING_CONSENT.text} <span className={styles.optional}>(по желанию)</span>
                </span>
              </label>
            </div>
            <div className={content.actions}>
              <Button variant="secondary" onClick={refuse} disabled={busy}>
                Отказаться
              </Button>
              <Button loading={busy} onClick={() => void accept()}>
                Создать аккаунт
              </Button>
            </div>
          </>
        )}
      </div>
    </ModalShell>
  );
}
