import type { Child } from '@contract/api/children';
import type { SkippedWeeks } from '@contract/api/learning';
import { useProfile } from '../../../api/profile';
import { useSkippedWeeks } from '../../../api/progress';
import { pathTo } from '../../../lib/routes';
import { Owl } from '../../../components/illustrations/owl';
import { Sparkle } from '../../../components/illustrations/sparkle';
import { ButtonLink } from '../../../components/ui/button-link';
import { Container } from '../../../components/ui/container';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHero } from '../../../components/ui/page-hero';
import { Skeleton } from '../../../components/ui/skeleton';
import { OwnerPagesNotice } from '../family/owner-pages-notice';
import { ChildPicker, useChosenChild } from '../child-picker';
import { CalendarArt } from './calendar-art';
import { WeeksList } from './weeks-list';
import styles from './skipped-weeks-page.module.scss';

function Loading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={28} width="50%" />
      <Skeleton height={96} radius={20} />
      <Skeleton height={96} radius={20} />
    </div>
  );
}

function NothingSkipped({ data }: { data: SkippedWeeks }) {
  return (
    <div className={styles.empty}>
      <CalendarArt className={styles.emptyArt} />
      <h2 className={styles.emptyTitle}>Пропущенных недель нет</h2>
      <p className={styles.emptyText}>
        {data.program
          ? `Все прошедшие недели программы «${data.program.title}» пришлись на подписку.`
          : 'Программа ещё не началась: пропускать пока нечего.'}
      </p>
      <ButtonLink to={pathTo('video')} variant="primary">
        К урокам
      </ButtonLink>
    </div>
  );
}

function ChildWeeks({ child }: { child: Child }) {
  const { data, isPending, isError, isFetching, refetch } = useSkippedWeeks(child.id);
  if (data)
    return data.weeks.length === 0 ? (
      <NothingSkipped data={data} />
    ) : (
      <WeeksList child={child} data={data} onRefused={() => void refetch()} />
    );
  if (isError && !isPending) {
    return (
      <ErrorState
        title="Не удалось загрузить пропущенные недели"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return <Loading label="Загружаем пропущенные недели" />;
}

/** skiped-weeks: per child, the program weeks that passed without a subscription and what each costs. */
export default function SkippedWeeksPage() {
  const { data: profile, isError, isFetching, refetch } = useProfile();
  const children = profile?.children ?? [];
  const [chosen, choose] = useChosenChild(children);

  let body;
  if (profile) {
    body = chosen ? (
      <>
        <ChildPicker
          items={children}
          chosen={chosen}
          onChoose={choose}
          label="Чьи пропущенные недели показать"
        />
        <section className={styles.child} aria-label={chosen.name}>
          <ChildWeeks key={chosen.id} child={chosen} />
        </section>
      </>
    ) : (
      <div className={styles.empty}>
        <CalendarArt className={styles.emptyArt} />
        <h2 className={styles.emptyTitle}>Пропущенных недель нет</h2>
        <p className={styles.emptyText}>
          Недели считаются для каждого ребёнка с того дня, как он начал программу. Добавьте ребёнка,
          чтобы начать.
        </p>
        <ButtonLink to={pathTo('students')} variant="primary">
          Добавить ребёнка
        </ButtonLink>
      </div>
    );
  } else if (isError) {
    body = (
      <ErrorState
        title="Не удалось загрузить учеников"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = <Loading label="Загружаем учеников" />;
  }

  return (
    <>
      <PageHero
        eyebrow="Личный кабинет"
        title="Пропущенные недели"
        lead="Недели программы, которые прошли без подписки. Их можно докупить по одной — и смотреть, когда удобно."
        aside={
          <svg className={styles.heroArt} viewBox="-20 -20 240 290" aria-hidden="true">
            <Owl />
            <Sparkle x={0} y={40} size={26} />
            <Sparkle x={200} y={120} size={20} color="#2ec4a6" />
          </svg>
        }
      />
      {profile?.family_role === 'caregiver' ? (
        // Buying the missed weeks is the owner's (docs/PRODUCT.md «Grown-ups of a family»).
        <OwnerPagesNotice owner={profile.family_owner} />
      ) : (
        <Container className={styles.page}>{body}</Container>
      )}
    </>
  );
}
