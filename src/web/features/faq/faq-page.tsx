import { Button } from '../../components/ui/button';
import { openModal } from '../../components/modal/modal-store';
import { PAGE_SLUGS } from '@contract/api/content';
import { usePublicConfig } from '../../api/config';
import { usePage } from '../../api/content';
import { Owl } from '../../components/illustrations/owl';
import { Card } from '../../components/ui/card';
import { EmailText } from '../../components/ui/email-text';
import { Container } from '../../components/ui/container';
import { ContentBody } from '../../components/ui/content-body';
import { PageHero } from '../../components/ui/page-hero';
import styles from './faq-page.module.scss';

/** docs/PRODUCT.md «Screens and routes» faq: questions and answers from the admin, as <details> items styled as an accordion. */
export default function FaqPage() {
  const { data: page, isError, refetch, isRefetching } = usePage(PAGE_SLUGS.faq);
  const { data: config } = usePublicConfig();
  return (
    <>
      <PageHero
        eyebrow="Помощь"
        title={page?.title ?? 'Частые вопросы'}
        lead="Собрали ответы на то, о чём родители спрашивают чаще всего: об уроках, подписке и оплате."
      />
      <Container>
        <div className={styles.layout}>
          <div>
            <ContentBody
              page={page}
              isError={isError}
              onRetry={() => void refetch()}
              retrying={isRefetching}
              skeletonLines={12}
            />
          </div>
          <Card
            as="aside"
            tone="primary"
            className={styles.help}
            aria-label="Связаться с поддержкой"
          >
            <svg className={styles.owl} viewBox="0 0 200 250" aria-hidden="true">
              <Owl />
            </svg>
            <h2 className={styles.helpTitle}>Не нашли ответ?</h2>
            <p className={styles.helpText}>Напишите нам&nbsp;— ответим по электронной почте.</p>
            <Button onClick={() => openModal('support')}>Написать в поддержку</Button>
            {config && (
              <a className={styles.mail} href={`mailto:${config.support_email}`}>
                <EmailText email={config.support_email} />
              </a>
            )}
          </Card>
        </div>
      </Container>
    </>
  );
}
