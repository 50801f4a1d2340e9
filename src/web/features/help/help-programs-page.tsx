import type { AdditionalProgram, AgeGroup } from '@contract/api/catalog';
import type { Child } from '@contract/api/children';
import { plural, pluralize, YEARS, type PluralForms } from '@contract/plural';
import { useAdditionalPrograms, useAgeGroups } from '../../api/catalog';
import { useProfile } from '../../api/profile';
import { pathTo } from '../../lib/routes';
import { ArrowRightIcon, LockIcon, PlayIcon } from '../../components/illustrations/icons';
import { ProgramIcon } from '../../components/illustrations/program-icon';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { firstSentence, joinNames } from './brief';
import { HelpScreen } from './help-screen';
import styles from './help-programs-page.module.scss';

const TOPICS: PluralForms = { one: 'тема', few: 'темы', many: 'тем' };

/** personal/help/programs: each age group's program and the additional programs, briefly, with links. */
export default function HelpProgramsPage() {
  return (
    <HelpScreen
      title="О программах"
      lead={
        'Основная программа идёт по\u00a0возрасту ребёнка: каждую неделю\u00a0— новая тема и\u00a0новые видеоуроки. Дополнительные программы покупаются отдельно.'
      }
    >
      <MainPrograms />
      <section className={styles.watch} aria-labelledby="help-watch">
        <div>
          <h3 id="help-watch" className={styles.watchTitle}>
            Уроки смотрят в&nbsp;«Видео-уроках»
          </h3>
          <p className={styles.muted}>
            Выберите ребёнка, и&nbsp;откроются уроки его программы и&nbsp;купленные дополнительные.
          </p>
        </div>
        <ButtonLink to={pathTo('video')} variant="accent" icon={<PlayIcon size={20} />}>
          Смотреть уроки
        </ButtonLink>
      </section>
      <AdditionalPrograms />
    </HelpScreen>
  );
}

function MainPrograms() {
  const { data: groups, isError, refetch, isRefetching } = useAgeGroups();
  const { data: profile } = useProfile();
  const children = profile?.children ?? [];

  let body;
  if (groups) {
    body = (
      <ul className={styles.grid} role="list">
        {groups.map((group) => (
          <li key={group.slug}>
            <AgeGroupCard
              group={group}
              learners={children.filter((child) => child.age_group === group.slug)}
            />
          </li>
        ))}
      </ul>
    );
  } else if (isError) {
    body = (
      <ErrorState
        compact
        title="Не удалось загрузить программы"
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  } else {
    body = <LoadingCards count={5} label="Загрузка программ" />;
  }

  return (
    <section className={styles.section} aria-labelledby="help-main">
      <h3 id="help-main" className={styles.sectionTitle}>
        Основная программа
      </h3>
      <p className={styles.muted}>
        Программу подбираем по&nbsp;дате рождения ребёнка; сменить её можно в&nbsp;разделе
        «Ученики».
      </p>
      {body}
    </section>
  );
}

function AgeGroupCard({ group, learners }: { group: AgeGroup; learners: Child[] }) {
  const titleId = `help-age-${group.slug}`;
  return (
    <Card
      as="article"
      padding="sm"
      className={styles.card}
      data-age={group.slug}
      aria-labelledby={titleId}
    >
      <div className={styles.cardHead}>
        <span className={styles.age} aria-hidden="true">
          {group.min_age}–{group.max_age}
          <small>{plural(group.max_age, YEARS)}</small>
        </span>
        <div className={styles.cardHeading}>
          <h4 id={titleId} className={styles.cardTitle}>
            Программа для детей {group.title}
          </h4>
          <span className={styles.meta}>
            {pluralize(group.topics.length, TOPICS)} в&nbsp;плане года
          </span>
        </div>
      </div>
      <p className={styles.description}>{firstSentence(group.description)}</p>
      {learners.length > 0 && (
        <Badge tone="mint" className={styles.learners}>
          {learners.length === 1 ? 'Занимается' : 'Занимаются'}:{' '}
          {joinNames(learners.map((child) => child.name))}
        </Badge>
      )}
      <ButtonLink
        to={pathTo('main-program', { age: group.slug })}
        variant="ghost"
        size="sm"
        className={styles.more}
        iconEnd={<ArrowRightIcon size={18} />}
        aria-label={`Подробнее: программа для детей ${group.title}`}
      >
        Подробнее
      </ButtonLink>
    </Card>
  );
}

function AdditionalPrograms() {
  const { data: items, isError, refetch, isRefetching } = useAdditionalPrograms();

  let body;
  if (items) {
    const programs = uniquePrograms(items.map((item) => item.program));
    body =
      programs.length > 0 ? (
        <ul className={styles.grid} role="list">
          {programs.map((program) => (
            <li key={program.id}>
              <ProgramCard program={program} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Скоро здесь появятся новые курсы.</p>
      );
  } else if (isError) {
    body = (
      <ErrorState
        compact
        title="Не удалось загрузить дополнительные программы"
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  } else {
    body = <LoadingCards count={3} label="Загрузка дополнительных программ" />;
  }

  return (
    <section className={styles.section} aria-labelledby="help-additional">
      <h3 id="help-additional" className={styles.sectionTitle}>
        Дополнительные программы
      </h3>
      <p className={styles.muted}>
        Курсы в&nbsp;дополнение к&nbsp;подписке: английский, оригами и&nbsp;другие. Покупаются
        отдельно, для одного ребёнка или для нескольких.
      </p>
      {body}
      <ButtonLink
        to={pathTo('additional-program')}
        variant="secondary"
        className={styles.all}
        iconEnd={<ArrowRightIcon size={18} />}
      >
        Цены и&nbsp;уроки программ
      </ButtonLink>
    </section>
  );
}

function ProgramCard({ program }: { program: AdditionalProgram }) {
  const titleId = `help-program-${program.id}`;
  return (
    <Card as="article" padding="sm" className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <ProgramIcon name={program.icon} className={styles.icon} />
        <div className={styles.cardHeading}>
          <h4 id={titleId} className={styles.cardTitle}>
            {program.title}
          </h4>
          {program.locked && (
            <Badge tone="neutral">
              <LockIcon size={14} />
              Скоро
            </Badge>
          )}
        </div>
      </div>
      <p className={styles.description}>{firstSentence(program.description)}</p>
    </Card>
  );
}

/** The catalogue lists an offer per number of children; a program appears once, on-sale ones first. */
function uniquePrograms(programs: AdditionalProgram[]): AdditionalProgram[] {
  const byId = new Map<number, AdditionalProgram>();
  for (const program of programs) if (!byId.has(program.id)) byId.set(program.id, program);
  return [...byId.values()].sort((a, b) => Number(a.locked) - Number(b.locked));
}

function LoadingCards({ count, label }: { count: number; label: string }) {
  return (
    <ul className={styles.grid} role="list" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Skeleton height={180} radius={24} />
        </li>
      ))}
    </ul>
  );
}
