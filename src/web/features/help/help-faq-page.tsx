import { PAGE_SLUGS } from '@contract/api/content';
import { usePage } from '../../api/content';
import { pathTo } from '../../lib/routes';
import { Owl } from '../../components/illustrations/owl';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { ContentBody } from '../../components/ui/content-body';
import { HelpScreen } from './help-screen';
import styles from './help-faq-page.module.scss';

/** personal/help/faq: the same admin-edited questions as the public /faq, inside the personal area. */
export default function HelpFaqPage() {
  const { data: page, isError, refetch, isRefetching } = usePage(PAGE_SLUGS.faq);
  return (
    <HelpScreen
      title={page?.title ?? 'Частые вопросы'}
      lead={
        'Ответы на то, о\u00a0чём родители спрашивают чаще всего: об уроках, подписке и\u00a0оплате.'
      }
      aside={
        <Card as="aside" tone="primary" className={styles.help} aria-label="Не нашли ответ?">
          <svg className={styles.owl} viewBox="0 0 200 250" aria-hidden="true">
            <Owl />
          </svg>
          <p className={styles.helpTitle}>Не нашли ответ?</p>
          <p className={styles.helpText}>
            Напишите в&nbsp;службу поддержки&nbsp;— ответим по&nbsp;электронной почте.
          </p>
          <ButtonLink to={pathTo('help-support')} variant="primary">
            Написать в&nbsp;поддержку
          </ButtonLink>
        </Card>
      }
    >
      <ContentBody
        page={page}
        isError={isError}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        skeletonLines={12}
      />
    </HelpScreen>
  );
}
