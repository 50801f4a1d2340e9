import type { Child } from '@contract/api/children';
import type { ChildProgress } from '@contract/api/learning';
import { pluralize, WEEKS, type PluralForms } from '@contract/plural';
import { useChildProgress } from '../../../api/progress';
import { useSession } from '../../../api/session';
import { pathTo } from '../../../lib/routes';
import { ArrowRightIcon } from '../../../components/illustrations/icons';
import { ButtonLink } from '../../../components/ui/button-link';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StickerAlbum } from '../../stickers';
import { AchievementBadges } from './achievement-badges';
import { AdditionalPrograms } from './additional-programs';
import { WeekPath } from './week-path';
import { weekState } from './week-state';
import styles from './progress-page.module.scss';

const STICKERS_WORD: PluralForms = { one: 'наклейка', few: 'наклейки', many: 'наклеек' };

function Stats({ progress }: { progress: ChildProgress }) {
  const weeksDone = progress.weeks.filter(
    (week) => weekState(week, progress.current_week) === 'done',
  ).length;
  const facts: [string, string][] = [
    ['Уроков просмотрено', String(progress.lessons_completed)],
    ['Минут в уроках', String(progress.minutes_watched)],
    ['Недель пройдено', `${weeksDone} из ${progress.weeks.length}`],
    ['Наград', String(progress.achievements.length)],
  ];
  return (
    <dl className={styles.stats}>
      {facts.map(([label, value]) => (
        <div key={label} className={styles.stat}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Loading() {
  return (
    <div className={styles.loading} role="status" aria-busy="true" aria-label="Загружаем успехи">
      <Skeleton height={88} radius={20} />
      <Skeleton height={180} radius={24} />
      <Skeleton height={120} radius={24} />
    </div>
  );
}

/** One child's learning: the numbers, the path of weeks, the awards and the additional programs. */
export function ChildProgressView({ child }: { child: Child }) {
  const { data, isError, isFetching, refetch } = useChildProgress(child.id);
  // Buying the weeks missed is the owner's (docs/PRODUCT.md «Grown-ups of a family»).
  const owner = useSession().profile?.family_role !== 'caregiver';
  if (!data) {
    return isError ? (
      <ErrorState
        title="Не удалось загрузить успехи"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    ) : (
      <Loading />
    );
  }

  const missed = data.weeks.filter((week) => weekState(week, data.current_week) === 'missed');
  return (
    <div className={styles.view}>
      <Stats progress={data} />

      <section className={styles.block} aria-labelledby="path-title">
        <div className={styles.blockHead}>
          <h3 id="path-title" className={styles.blockTitle}>
            {data.program?.title ?? 'Основная программа'}
          </h3>
          {data.current_week !== null && data.weeks.length > 0 && (
            <p className={styles.muted}>
              Сейчас идёт неделя {Math.min(data.current_week, data.weeks.length)} из{' '}
              {data.weeks.length}
            </p>
          )}
        </div>
        {data.weeks.length > 0 ? (
          <WeekPath child={child} progress={data} />
        ) : (
          <p className={styles.muted}>
            Программа ещё не началась: недели появятся здесь, когда ребёнок начнёт смотреть уроки.
          </p>
        )}
        {owner && (
          <div className={styles.skipped}>
            <p>
              {missed.length > 0
                ? `Пропущено без подписки: ${pluralize(missed.length, WEEKS)} — можно докупить.`
                : 'Недели, прошедшие без подписки, можно докупить.'}
            </p>
            <ButtonLink
              to={pathTo('skiped', undefined, { child: String(child.id) })}
              variant="secondary"
              iconEnd={<ArrowRightIcon size={18} />}
            >
              Пропущенные недели
            </ButtonLink>
          </div>
        )}
      </section>

      <section className={styles.block} aria-labelledby="stickers-title">
        <div className={styles.blockHead}>
          <h3 id="stickers-title" className={styles.blockTitle}>
            Альбом наклеек
          </h3>
          <p className={styles.muted}>
            {data.stickers.length > 0
              ? `${pluralize(data.stickers.length, STICKERS_WORD)}\u00a0— по одной за каждый урок, досмотренный до конца. Ребёнок видит тот же альбом на странице уроков.`
              : 'За каждый урок, досмотренный до конца, в альбом приклеивается наклейка. Ребёнок видит его на странице уроков.'}
          </p>
        </div>
        <StickerAlbum stickers={data.stickers} name={child.name} />
      </section>

      <section className={styles.block} aria-labelledby="awards-title">
        <h3 id="awards-title" className={styles.blockTitle}>
          Награды
        </h3>
        <AchievementBadges items={data.achievements} />
      </section>

      <section className={styles.block} aria-labelledby="extra-title">
        <h3 id="extra-title" className={styles.blockTitle}>
          Дополнительные программы
        </h3>
        <AdditionalPrograms childId={child.id} items={data.additional} />
      </section>
    </div>
  );
}
