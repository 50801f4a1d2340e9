import { Navigate, useParams } from 'react-router';
import { DEFAULT_AGE_GROUP } from '@contract/api/values';
import { TRIAL_DAYS } from '@contract/constants';
import { DAYS, plural, pluralize, YEARS, type PluralForms } from '@contract/plural';
import { useAgeGroups } from '../../api/catalog';
import { useProgramOutline } from '../../api/program-outline';
import { pathTo } from '../../lib/routes';
import { ArrowRightIcon, CheckIcon } from '../../components/illustrations/icons';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { isAgeGroupSlug } from './age-labels';
import { programFacts, topicsNote, topicsWithLessons } from './program-facts';
import { ProgramWeeks } from './program-weeks';
import styles from './main-program-page.module.scss';

const SKILLS: PluralForms = { one: 'навык', few: 'навыка', many: 'навыков' };

/** docs/PRODUCT.md «Screens and routes» main-program/:age?: one year of the main program; no age → 2–3 years, unknown age → 404. */
export default function MainProgramPage() {
  const { age } = useParams();
  const { data: groups, isError, refetch, isRefetching } = useAgeGroups();
  // The chips and the topics' marks count the lessons the program holds (the same query as its weeks below).
  const { data: outline } = useProgramOutline(
    'main',
    age ?? DEFAULT_AGE_GROUP,
    age !== undefined && isAgeGroupSlug(age),
  );

  if (age === undefined) {
    return <Navigate to={pathTo('main-program', { age: DEFAULT_AGE_GROUP })} replace />;
  }
  if (!isAgeGroupSlug(age)) return <Navigate to={pathTo('not-found-error')} replace />;

  if (isError && !groups) {
    return (
      <ErrorState
        title="Не удалось загрузить программу"
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }

  const group = groups?.find((item) => item.slug === age);
  if (groups && !group) return <Navigate to={pathTo('not-found-error')} replace />;
  const ready = outline ? topicsWithLessons(outline) : null;
  const note = group && ready ? topicsNote(group.topics, ready) : null;

  return (
    <div className={styles.page} data-age={age}>
      <section className={styles.intro} aria-labelledby="age-title">
        <div className={styles.age} aria-hidden="true">
          <span>
            {group ? `${group.min_age}–${group.max_age}` : '…'}
            <small>{group ? plural(group.max_age, YEARS) : ''}</small>
          </span>
        </div>
        <div className={styles.introText}>
          <h2 id="age-title">
            {group ? `Программа для детей ${group.title}` : <Skeleton width="60%" />}
          </h2>
          {group ? <p>{group.description}</p> : <Skeleton lines={4} />}
          {group && (
            <div className={styles.chips}>
              {(outline ? programFacts(outline) : []).map((fact) => (
                <span key={fact} className={styles.chip}>
                  {fact}
                </span>
              ))}
              <span className={styles.chip}>{pluralize(group.skills.length, SKILLS)}</span>
              <span className={styles.chip}>Новые уроки каждую неделю</span>
            </div>
          )}
        </div>
      </section>

      <div className={styles.columns}>
        <Card as="section" aria-labelledby="skills-title">
          <h2 id="skills-title" className={styles.cardTitle}>
            Чему научится ребёнок
          </h2>
          {group ? (
            <ul className={styles.skills} role="list">
              {group.skills.map((skill) => (
                <li key={skill}>
                  <CheckIcon size={26} />
                  <span>{skill}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton lines={7} />
          )}
        </Card>
        <Card as="section" aria-labelledby="topics-title">
          <h2 id="topics-title" className={styles.cardTitle}>
            Темы года
          </h2>
          {note && <p className={styles.topicsNote}>{note}</p>}
          {group ? (
            <ol className={styles.topics} role="list">
              {group.topics.map((topic) => {
                const later = ready !== null && !ready.has(topic);
                return (
                  <li key={topic} className={later ? styles.later : undefined}>
                    <span>{topic}</span>
                    {later && <span className={styles.soon}>скоро</span>}
                  </li>
                );
              })}
            </ol>
          ) : (
            <Skeleton lines={10} />
          )}
        </Card>
      </div>

      <ProgramWeeks age={age} />

      <section className={styles.cta} aria-labelledby="program-cta-title">
        <div className={styles.ctaText}>
          <h2 id="program-cta-title">Начните с пробной недели</h2>
          <p>
            {pluralize(TRIAL_DAYS, DAYS)} бесплатно и без банковской карты&nbsp;— посмотрите уроки
            вместе с ребёнком.
          </p>
        </div>
        <ButtonLink
          to={pathTo('subscribe')}
          variant="accent"
          size="lg"
          iconEnd={<ArrowRightIcon size={20} />}
        >
          Попробовать
        </ButtonLink>
      </section>
    </div>
  );
}
