import { Button } from '../../components/ui/button';
import { openModal } from '../../components/modal/modal-store';
import { usePublicConfig } from '../../api/config';
import { pathTo } from '../../lib/routes';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { EmailText } from '../../components/ui/email-text';
import styles from './about-layout.module.scss';

/** Beside every about page: how to reach the school. */
export function AboutAside() {
  const { data: config } = usePublicConfig();
  return (
    <Card as="aside" tone="primary" className={styles.aside} aria-labelledby="about-aside-title">
      <h2 id="about-aside-title" className={styles.asideTitle}>
        Остались вопросы?
      </h2>
      <p className={styles.asideText}>Напишите нам&nbsp;— ответим по электронной почте.</p>
      <Button size="sm" onClick={() => openModal('support')}>
        Написать в поддержку
      </Button>
      {config && (
        <>
          <a className={styles.mail} href={`mailto:${config.support_email}`}>
            <EmailText email={config.support_email} />
          </a>
          {config.social_links.length > 0 && (
            <ul className={styles.socials} role="list" aria-label="Мы в соцсетях">
              {config.social_links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.title}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ButtonLink to={pathTo('about-contacts')} variant="secondary" size="sm">
        Все контакты
      </ButtonLink>
    </Card>
  );
}
