import { Outlet, useLocation } from 'react-router';
import { AGE_GROUP_SLUGS } from '@contract/api/values';
import { useAgeGroups } from '../../api/catalog';
import { pathTo } from '../../lib/routes';
import { StarIcon } from '../../components/illustrations/icons';
import { Container } from '../../components/ui/container';
import { PageHero } from '../../components/ui/page-hero';
import { TabNav, type TabNavItem } from '../../components/ui/tab-nav';
import { AGE_LABELS } from './age-labels';
import styles from './programs-layout.module.scss';

/** docs/PRODUCT.md «Screens and routes» programs: the main program by age group and the additional programs, as tabs. */
export default function ProgramsLayout() {
  const { pathname } = useLocation();
  const { data: groups } = useAgeGroups();
  const isAdditional = pathname.startsWith(pathTo('additional-program'));

  const tabs: TabNavItem[] = [
    ...AGE_GROUP_SLUGS.map((slug) => ({
      to: pathTo('main-program', { age: slug }),
      label: groups?.find((group) => group.slug === slug)?.title ?? AGE_LABELS[slug],
      icon: <span className={styles.dot} data-age={slug} aria-hidden="true" />,
    })),
    {
      to: pathTo('additional-program'),
      label: 'Дополнительные',
      icon: <StarIcon className={styles.extra} size={20} />,
    },
  ];

  return (
    <>
      <PageHero
        eyebrow="Программы"
        title={isAdditional ? 'Дополнительные программы' : 'Основная программа'}
        lead={
          isAdditional
            ? 'Курсы в дополнение к подписке: английский, оригами и другие\u00a0— выбирайте то, что интересно ребёнку.'
            : 'Каждую неделю\u00a0— новые видеоуроки по возрасту ребёнка: от первых слов до подготовки к школе.'
        }
      >
        <TabNav items={tabs} label="Возрастные группы и дополнительные программы" />
      </PageHero>
      <Container className={styles.body}>
        <Outlet />
      </Container>
    </>
  );
}
