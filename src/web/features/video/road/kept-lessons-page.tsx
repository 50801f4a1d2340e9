// The video page with no connection to the school: the lessons kept for the road, played from the app's
// own storage (docs/OFFLINE-LESSONS.md). No call to the school is made here; progress
// waits in the outbox and goes when the connection is back, which the page notices by itself.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LessonItem } from '@contract/api/lessons';
import { Button } from '../../../components/ui/button';
import { advanceKeptProgress, keptUrl, readPacks, type KeptPack } from '../../../lib/kept-lessons';
import { reloadPage } from '../../../lib/reload';
import { ChildBadge } from '../modals/child-badge';
import { LessonCard } from '../lesson-card';
import { LazyLessonPlayer } from '../lazy-lesson-player';
import { useSelectedChild } from '../selected-child';
import { openModal } from '../../../components/modal/modal-store';
import { schoolReachable } from './reachability';
import { sendWaitingReports } from '../lessons-api';
import { pageSaysConnection } from '../../../api/error-reports';
import styles from '../video-page.module.scss';

/** A kept lesson as the player and the cards know lessons: every address is one of the kept cache. */
function asLessonItem(pack: KeptPack, index: number): LessonItem | null {
  const kept = pack.lessons[index];
  if (!kept) return null;
  return {
    id: kept.id,
    title: kept.title,
    description: '',
    position: kept.position,
    week: pack.week,
    duration_seconds: kept.duration_seconds,
    is_preview: false,
    available: true,
    lock_reason: null,
    lock_message: null,
    video: {
      url: null,
      hls_url: keptUrl.playlist(kept.id),
      poster: keptUrl.poster(kept.id),
      subtitles: kept.has_subtitles ? keptUrl.subtitles(kept.id) : null,
    },
    task: null,
    progress: kept.progress,
  };
}

/** Every few seconds while it is away, whether the school answers again. */
const RECHECK_MS = 10_000;

function useSchoolBack(): boolean {
  const [back, setBack] = useState(false);
  useEffect(() => {
    if (back) return;
    let stopped = false;
    const check = () =>
      void schoolReachable().then((reachable) => {
        if (reachable && !stopped) setBack(true);
      });
    const timer = window.setInterval(check, RECHECK_MS);
    window.addEventListener('online', check);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', check);
    };
  }, [back]);
  return back;
}

export function KeptLessonsPage({ packs }: { packs: KeptPack[] }) {
  // This page says the school is out of reach; once it is gone, failures are errors again.
  useEffect(() => () => pageSaysConnection(false), []);
  const [storedChildId, selectChild] = useSelectedChild();
  const pack = packs.find((p) => p.child.id === storedChildId) ?? packs[0];
  const [currentId, setCurrentId] = useState<number | null>(null);
  // The lesson whose play button was tapped before the player's code was in.
  const [playWanted, setPlayWanted] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const back = useSchoolBack();
  // Back in reach: what was watched meanwhile goes at once, before the parent reloads.
  useEffect(() => {
    if (back) void sendWaitingReports();
  }, [back]);
  const stage = useRef<HTMLDivElement>(null);
  // Read again after a lesson reports, so the cards show the progress made offline.
  const lessons = useMemo(() => {
    const fresh = readPacks().find((p) => p.child.id === pack?.child.id) ?? pack;
    return fresh
      ? fresh.lessons.map((_, i) => asLessonItem(fresh, i)).filter((l) => l !== null)
      : [];
    // `version` moves when progress was written.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pack, version]);
  const current = lessons.find((l) => l.id === currentId) ?? null;
  if (!pack) return null;

  const open = (lesson: LessonItem, play = false) => {
    setCurrentId(lesson.id);
    setPlayWanted(play ? lesson.id : null);
    stage.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    stage.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <p className={styles.offline} role="status">
        Нет связи со школой. Здесь уроки, скачанные для поездки: они играют без интернета.
      </p>
      {back && (
        <div className={styles.offline}>
          <span>Связь появилась.</span>{' '}
          <Button size="sm" onClick={reloadPage}>
            Открыть все уроки
          </Button>
        </div>
      )}
      {packs.length > 1 && (
        <div className={styles.tabs} role="group" aria-label="Кто смотрит">
          {packs.map((p) => (
            <button
              key={p.child.id}
              type="button"
              className={styles.tab}
              aria-pressed={p.child.id === pack.child.id}
              onClick={() => {
                selectChild(p.child.id);
                setCurrentId(null);
              }}
            >
              <ChildBadge child={p.child} size="sm" /> {p.child.name}
            </button>
          ))}
        </div>
      )}
      <section className={styles.program} aria-labelledby="kept-title">
        <h2 id="kept-title" className={styles.programTitle}>
          {pack.week !== null ? `Неделя ${pack.week}` : 'Скачанные уроки'}: смотрит{' '}
          {pack.child.name}
        </h2>
        <div ref={stage} className={styles.stage} tabIndex={-1} aria-live="polite">
          {current && (
            <LazyLessonPlayer
              key={current.id}
              lesson={current}
              childId={pack.child.id}
              next={lessons[lessons.indexOf(current) + 1] ?? null}
              onPlayNext={(lesson) => open(lesson, true)}
              playWanted={playWanted === current.id}
              onWantPlay={() => setPlayWanted(current.id)}
              onReported={(position, completed) => {
                advanceKeptProgress(pack.child.id, current.id, {
                  watched_seconds: Math.floor(position),
                  completed,
                });
                setVersion((v) => v + 1);
              }}
            />
          )}
        </div>
        <ul className={styles.lessons}>
          {lessons.map((lesson) => (
            <li key={lesson.id}>
              <LessonCard
                lesson={lesson}
                playing={lesson.id === currentId}
                onOpen={() => open(lesson)}
                onInfo={() => openModal('lesson', { lesson, onPlay: () => open(lesson) })}
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
