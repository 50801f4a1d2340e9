// One child's lessons on the video page: the grown-up's settings, the program's tabs and weeks, the
// player's stage and the lessons as big pictures.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Child } from '@contract/api/auth';
import type { LessonItem, LessonType } from '@contract/api/lessons';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { useAdditionalPrograms } from '../../api/catalog';
import { useRenewal } from '../../api/renewal';
import { useSession } from '../../api/session';
import { useScreenTime } from '../../api/screen-time';
import { openModal } from '../../components/modal/modal-store';
import { ChildBadge } from './modals/child-badge';
import { StickerArt } from '../stickers';
import { useLessons } from './lessons-api';
import { LessonCard } from './lesson-card';
import { LazyLessonPlayer } from './lazy-lesson-player';
import { LockActions } from './lock-actions';
import { WeekSwitcher } from './week-switcher';
import { TrialBanner } from './trial-banner';
import { HolidayBanner } from './holiday';
import { withGrownUp } from './grown-up';
import { RestScreen } from './rest-screen';
import { hlsLibraryNeeded, loadHls } from './hls-library';
import styles from './video-page.module.scss';

/** Kept lessons play through the service worker from Cache Storage: a browser without them cannot. */
const canKeepLessons = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';

// The player and its styles are a chunk of their own (lazy-lesson-player.tsx): the page's lesson list
// shows without waiting, and the chunk is fetched while the parent looks at the lessons, so a tap on one
// finds the player in.
/**
 * Fetches the player's code in the browser's idle time, and hls.js with it when a lesson plays a ladder
 * through it; a failure here is left to the lazy load.
 */
function prefetchPlayer(withHls: boolean): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => {
    void import('./lesson-player').catch(() => undefined);
    if (withHls && hlsLibraryNeeded()) void loadHls().catch(() => undefined);
  });
}

export interface ChildLessonsProps {
  child: Child;
  /** The profile's playerStatus: nothing but the free previews plays for this family now. */
  playerLocked: boolean;
  /** A paid (or gifted) subscription is in force: it may be resting on «каникулы». */
  paid: boolean;
  canStartTrial: boolean;
  onChooseChild: () => void;
  /** The parent's account: lessons kept for the road are this account's. */
  userId: number;
}

export function ChildLessons({
  child,
  playerLocked,
  paid,
  canStartTrial,
  onChooseChild,
  userId,
}: ChildLessonsProps) {
  // The family's holiday is read where the renewal is: the owner's call, a caregiver's 403.
  const owner = useSession().profile?.family_role !== 'caregiver';
  const renewalState = useRenewal({ enabled: paid && owner }).data;
  const holiday =
    paid && renewalState?.paused_until
      ? { ...renewalState, paused_until: renewalState.paused_until }
      : null;
  // Counted by the server on every device: while it says «rest», the rest screen stands for the player.
  const screenTime = useScreenTime().data?.find((item) => item.child_id === child.id);
  const resting = screenTime?.resting === true;
  const [type, setType] = useState<LessonType>('main');
  const [week, setWeek] = useState<number | undefined>(undefined);
  const [additional, setAdditional] = useState<string | undefined>(undefined);
  const programs = useAdditionalPrograms();
  const additionalSlug = additional ?? programs.data?.[0]?.program.slug;

  const lessons = useLessons(
    type === 'main'
      ? { child_id: child.id, type, week }
      : { child_id: child.id, type, program: additionalSlug },
    type === 'main' || additionalSlug !== undefined,
  );
  const page = lessons.data;
  const playable = page?.lessons.filter((lesson) => lesson.available) ?? [];
  const anyPlayable = playable.length > 0;
  const anyLadder = playable.some((lesson) => lesson.video.hls_url !== null);
  useEffect(() => {
    if (anyPlayable) prefetchPlayer(anyLadder);
  }, [anyPlayable, anyLadder]);

  const [currentId, setCurrentId] = useState<number | null>(null);
  // The lesson whose play button was tapped before the player's code arrived.
  const [playWanted, setPlayWanted] = useState<number | null>(null);
  const current = page?.lessons.find((lesson) => lesson.id === currentId) ?? null;
  const stage = useRef<HTMLDivElement>(null);

  /** `play`: the lesson was asked to play (its next-lesson button), not only shown. */
  const open = (lesson: LessonItem, play = false) => {
    setCurrentId(lesson.id);
    setPlayWanted(play ? lesson.id : null);
    stage.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    stage.current?.focus({ preventScroll: true });
  };

  const nextOf = (lesson: LessonItem): LessonItem | null => {
    if (!page) return null;
    const index = page.lessons.findIndex((l) => l.id === lesson.id);
    return page.lessons[index + 1] ?? null;
  };

  // The store lists one item per offer (for 1, 2, 3 children): one chip per program.
  const programChips = useMemo(
    () =>
      (programs.data ?? []).filter(
        (item, index, list) =>
          list.findIndex((other) => other.program.slug === item.program.slug) === index,
      ),
    [programs.data],
  );
  const selectedAdditional = programs.data?.find((p) => p.program.slug === additionalSlug);
  // An additional program the child has not bought: offered right where its lessons are.
  const notBought =
    page?.type === 'additional' &&
    page.lessons.some((lesson) => lesson.lock_reason === 'program_not_bought');

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.watcher}>
          <ChildBadge child={child} size="sm" />
          <span>
            Смотрит <strong>{child.name}</strong>
          </span>
          <Button variant="ghost" size="sm" onClick={onChooseChild}>
            Сменить
          </Button>
          {/* The child's own: a sticker to tap, no grown-up's task before it. */}
          <button
            type="button"
            className={styles.albumButton}
            onClick={() => openModal('sticker-album', { child })}
          >
            <StickerArt slug="star" size={40} />
            <span>Наклейки</span>
          </button>
        </div>
        <div className={styles.settings}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              withGrownUp('изменить режим занятий', () => openModal('study-mode', { child }))
            }
          >
            Режим: {child.study_mode === 'schedule' ? 'расписание' : 'свободный'}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              withGrownUp('настроить напоминания', () => openModal('remind', { child }))
            }
          >
            Напоминания: {child.remind_about_lessons ? 'вкл.' : 'выкл.'}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              withGrownUp('настроить экранное время', () => openModal('screen-time', { child }))
            }
          >
            Экранное время:{' '}
            {child.daily_limit_minutes === null ? 'без лимита' : `${child.daily_limit_minutes} мин`}
          </Button>
          {canKeepLessons() && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                withGrownUp('скачать уроки для поездки', () => openModal('road', { child, userId }))
              }
            >
              Скачать для поездки
            </Button>
          )}
        </div>
      </div>

      {holiday ? (
        <HolidayBanner state={holiday} />
      ) : (
        playerLocked && <TrialBanner canStartTrial={canStartTrial} />
      )}

      <div className={styles.tabs} role="group" aria-label="Программа">
        <button
          type="button"
          className={styles.tab}
          aria-pressed={type === 'main'}
          onClick={() => {
            setType('main');
            setCurrentId(null);
          }}
        >
          Основная программа
        </button>
        <button
          type="button"
          className={styles.tab}
          aria-pressed={type === 'additional'}
          onClick={() => {
            setType('additional');
            setCurrentId(null);
          }}
        >
          Дополнительные
        </button>
      </div>

      {type === 'additional' && programs.data && (
        <div className={styles.programs} role="group" aria-label="Дополнительные программы">
          {programChips.map((item) => (
            <button
              key={item.id}
              type="button"
              className={styles.programChip}
              aria-pressed={item.program.slug === additionalSlug}
              onClick={() => {
                setAdditional(item.program.slug);
                setCurrentId(null);
              }}
            >
              {item.program.title}
            </button>
          ))}
        </div>
      )}

      {lessons.isError && !page && (
        <ErrorState title="Не удалось загрузить уроки" onRetry={() => void lessons.refetch()} />
      )}
      {!page && !lessons.isError && <p aria-busy="true">Загружаем уроки…</p>}

      {page && (
        <section className={styles.program} aria-labelledby="program-title">
          <div className={styles.programHead}>
            <h2 id="program-title" className={styles.programTitle}>
              {page.program.title}
            </h2>
            <div className={styles.programActions}>
              {notBought && owner && (
                <Button
                  variant="accent"
                  size="sm"
                  onClick={() =>
                    openModal('additional-programs', {
                      slug: page.program.slug,
                      childId: child.id,
                    })
                  }
                >
                  Купить программу
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  openModal('program', {
                    title: page.program.title,
                    weeks: page.weeks,
                    lessonsShown: page.lessons.length,
                    kind: page.type,
                    ...(selectedAdditional && page.type === 'additional'
                      ? { description: selectedAdditional.program.description }
                      : {}),
                  })
                }
              >
                О программе
              </Button>
            </div>
          </div>
          {page.type === 'main' && page.weeks.length > 0 && page.week !== null && (
            <WeekSwitcher
              weeks={page.weeks}
              current={page.week}
              onChange={(number) => {
                setWeek(number);
                setCurrentId(null);
              }}
            />
          )}

          <div ref={stage} className={styles.stage} tabIndex={-1} aria-live="polite">
            {resting && screenTime && <RestScreen state={screenTime} />}
            {!resting && current && current.available && current.video.url && (
              <LazyLessonPlayer
                key={current.id}
                lesson={current}
                childId={child.id}
                next={nextOf(current)}
                onPlayNext={(lesson) => open(lesson, true)}
                playWanted={playWanted === current.id}
                onWantPlay={() => setPlayWanted(current.id)}
              />
            )}
            {current && !current.available && (
              <div className={styles.locked}>
                <img src={current.video.poster} alt="" className={styles.lockedPoster} />
                <div>
                  <h3 className={styles.lockedTitle}>«{current.title}» пока закрыт</h3>
                  <LockActions
                    lesson={current}
                    child={child}
                    canStartTrial={canStartTrial}
                    onChooseChild={onChooseChild}
                    {...(page.type === 'additional' ? { programSlug: page.program.slug } : {})}
                  />
                </div>
              </div>
            )}
          </div>

          <ul className={styles.lessons} aria-busy={lessons.isFetching || undefined}>
            {page.lessons.map((lesson) => (
              <li key={lesson.id}>
                <LessonCard
                  lesson={lesson}
                  playing={lesson.id === currentId}
                  onOpen={() => open(lesson)}
                  onInfo={() =>
                    openModal('lesson', {
                      lesson,
                      ...(lesson.available ? { onPlay: () => open(lesson) } : {}),
                    })
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
