import { NavLink } from 'react-router';
import { formatMoscowDate } from '@contract/moscow-date';
import { usePage } from '../../api/content';
import { pathTo } from '../../lib/routes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { ContentBody } from '../../components/ui/content-body';
import { PageHero } from '../../components/ui/page-hero';
import { Skeleton } from '../../components/ui/skeleton';
import styles from './document-view.module.scss';

const DOCUMENTS = [
  { to: pathTo('confidentiality-policy'), label: 'Политика конфиденциальности' },
  { to: pathTo('license-agreement'), label: 'Лицензионный договор-оферта' },
];

/** A legal document: its title, version and date, readable text and the way to the other document. */
export function DocumentView({ slug, fallbackTitle }: { slug: string; fallbackTitle: string }) {
  const { data: page, isError, refetch, isRefetching } = usePage(slug);
  return (
    <>
      <PageHero
        eyebrow="Документы"
        title={page?.title ?? fallbackTitle}
        lead={
          page ? (
            <span className={styles.meta}>
              <Badge tone="sun">Редакция {page.version}</Badge>
              <Badge tone="white">
                <time dateTime={page.updated_at}>от {formatMoscowDate(page.updated_at)}</time>
              </Badge>
            </span>
          ) : (
            <span className={styles.meta}>
              <Skeleton width={220} height={24} radius={999} />
            </span>
          )
        }
      />
      <Container>
        <div className={styles.layout}>
          <article className={styles.paper}>
            <ContentBody
              page={page}
              isError={isError}
              onRetry={() => void refetch()}
              retrying={isRefetching}
              variant="document"
              skeletonLines={14}
            />
          </article>
          <aside className={styles.aside} aria-label="Другие документы">
            <p className={styles.asideTitle}>Документы школы</p>
            <ul className={styles.links} role="list">
              {DOCUMENTS.map((doc) => (
                <li key={doc.to}>
                  <NavLink to={doc.to} className={styles.link}>
                    {doc.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {page && (
              <Button
                className={styles.print}
                variant="ghost"
                size="sm"
                onClick={() => window.print()}
              >
                Распечатать
              </Button>
            )}
          </aside>
        </div>
      </Container>
    </>
  );
}
