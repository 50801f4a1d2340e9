// The lesson player: Vidstack's accessible player (keyboard shortcuts, screen-reader announcements,
// Russian labels) playing the lesson's adaptive stream, with Russian subtitles on from the start, a big
// play button for small hands, resume where the child stopped and progress reports. Loaded only with the
// video page. A tap on the big button is kept until the media can play: on a slow line the first tap is
// the one that starts the lesson.
import { useEffect, useRef, useState } from 'react';
import {
  MediaPlayer,
  MediaProvider,
  Poster,
  Track,
  useMediaState,
  type MediaPlayerInstance,
} from '@vidstack/react';
import { DefaultVideoLayout, defaultLayoutIcons } from '@vidstack/react/player/layouts/default';
import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import type { LessonItem } from '@contract/api/lessons';
import type { Achievement, Sticker } from '@contract/api/learning';
import { queryClient } from '../../api/query-client';
import { progressKeys } from '../../api/progress';
import { PLAYER_TRANSLATIONS } from './player-translations';
import { putScreenTime } from '../../api/screen-time';
import { patchLessonProgress, reportVideoProgress } from './lessons-api';
import { resumePosition, ProgressReporter } from './progress-reporter';
import { Celebration } from './celebration';
import { BigPlayButton } from './big-play-button';
import { bundleHls, videoType } from './bundled-hls';
import styles from './lesson-player.module.scss';

export interface LessonPlayerProps {
  lesson: LessonItem;
  childId: number;
  /** The lesson after this one, offered at the end. */
  next: LessonItem | null;
  onPlayNext: (lesson: LessonItem) => void;
  /** The play button was tapped while this player's code was still coming. */
  playWanted: boolean;
  /** Told of every progress report as it is sent (a kept lesson keeps its progress on the device too). */
  onReported?: (positionSeconds: number, completed: boolean) => void;
}

const NOTHING_EARNED = { achievements: [], sticker: null };
export default function LessonPlayer({
  lesson,
  childId,
  next,
  onPlayNext,
  playWanted,
  onReported,
}: LessonPlayerProps) {
  const player = useRef<MediaPlayerInstance>(null);
  const started = useMediaState('started', player);
  const canPlay = useMediaState('canPlay', player);
  const paused = useMediaState('paused', player);
  const [wanted, setWanted] = useState(playWanted);
  const [ended, setEnded] = useState(false);
  const [earned, setEarned] = useState<{ achievements: Achievement[]; sticker: Sticker | null }>(
    NOTHING_EARNED,
  );
  const reporter = useRef<ProgressReporter | null>(null);
  const resumed = useRef(false);
  const reported = useRef(onReported);
  useEffect(() => {
    reported.current = onReported;
  });

  useEffect(() => {
    const current = new ProgressReporter(async (position, completed) => {
      const body = {
        child_id: childId,
        lesson_id: lesson.id,
        position_seconds: position,
        ...(completed ? { completed: true } : {}),
      };
      patchLessonProgress(lesson.id, { watched_seconds: Math.floor(position), completed });
      reported.current?.(position, completed);
      const answer = await reportVideoProgress(body);
      if (answer && (answer.new_achievements.length > 0 || answer.new_sticker)) {
        setEarned({ achievements: answer.new_achievements, sticker: answer.new_sticker });
        // The album («Успехи», the video page's) shows the new sticker when next opened.
        void queryClient.invalidateQueries({ queryKey: progressKeys.child(childId) });
      }
      // The server counts screen time: when it says «rest», the page puts the rest screen in our place.
      if (answer) putScreenTime(answer.screen_time);
    });
    reporter.current = current;
    // Leaving the lesson half-way keeps where the child stopped.
    return () => current.flush();
  }, [childId, lesson.id]);

  // The player refuses play() until the media can play; the tap waits for that moment instead of being
  // lost. A refusal then (a browser that allows play only inside the tap) gives the button back.
  useEffect(() => {
    if (!wanted || !canPlay || started || !paused) return;
    player.current?.play().catch(() => setWanted(false));
  }, [wanted, canPlay, started, paused]);

  // The adaptive ladder once the server has made it (docs/DECISIONS.md «Adaptive streaming»): it starts
  // on the smallest rendition and follows the line. The original file stays listed after it: Vidstack
  // plays the first source the browser can, so a browser that plays neither MediaSource nor HLS itself
  // still plays the lesson, and until the ladder is made the file is the only source.
  // The addresses the player started with, kept while it plays this lesson: the lessons list signs them
  // anew each time it is fetched (every 20 minutes), and a new address would restart the stream from its
  // beginning. The first ones live long enough for the lesson (lessons/hls-links.ts).
  const [sources] = useState(() => {
    const { hls_url: hlsUrl, url } = lesson.video;
    return [
      ...(hlsUrl ? [{ src: hlsUrl, type: videoType(hlsUrl) }] : []),
      ...(url ? [{ src: url, type: videoType(url) }] : []),
    ];
  });
  // The sources reach the player once it is on the page. Vidstack's first render writes them into the
  // <video> as <source> children (meant for server rendering); Chromium, which plays HLS itself, starts a
  // player of its own on them, and that player went on fetching segments beside hls.js's for the whole
  // lesson — two streams sharing the family's line, and stalls (docs/VIDEO-PERFORMANCE.md).
  const [onPage, setOnPage] = useState(false);
  useEffect(() => setOnPage(true), []);
  if (sources.length === 0) return null;

  return (
    <div className={styles.frame}>
      <MediaPlayer
        ref={player}
        className={styles.player}
        title={lesson.title}
        ariaLabel={`Видеоплеер: ${lesson.title}`}
        src={onPage ? sources : []}
        onProviderChange={(provider) =>
          bundleHls(provider, resumePosition(lesson.progress, lesson.duration_seconds))
        }
        playsInline
        // Media may come from a bucket's presigned links on another origin: subtitles are fetched and
        // must be readable, which needs a CORS request (the bucket answers CORS for the site).
        crossOrigin="anonymous"
        load="eager"
        aspectRatio="16/9"
        onCanPlay={() => {
          if (resumed.current) return;
          resumed.current = true;
          const at = resumePosition(lesson.progress, lesson.duration_seconds);
          if (at > 0 && player.current) player.current.currentTime = at;
        }}
        onTimeUpdate={({ currentTime }) => reporter.current?.tick(currentTime)}
        onPause={() => reporter.current?.flush()}
        onPlay={() => setEnded(false)}
        onEnded={() => {
          setEnded(true);
          reporter.current?.finish(player.current?.duration ?? lesson.duration_seconds);
        }}
      >
        <MediaProvider>
          <Poster
            className="vds-poster"
            src={lesson.video.poster}
            alt={`Кадр из урока «${lesson.title}»`}
          />
          {lesson.video.subtitles && (
            <Track
              src={lesson.video.subtitles}
              kind="subtitles"
              label="Русские субтитры"
              lang="ru-RU"
              type="vtt"
              default
            />
          )}
        </MediaProvider>
        <DefaultVideoLayout
          icons={defaultLayoutIcons}
          translations={PLAYER_TRANSLATIONS}
          noScrubGesture
        />
        {!started && !ended && (
          <BigPlayButton
            title={lesson.title}
            waiting={wanted}
            onPress={() => {
              setWanted(true);
              // Ready already: played inside the tap, as the strictest browsers want.
              if (canPlay) void player.current?.play().catch(() => setWanted(false));
            }}
          />
        )}
      </MediaPlayer>
      {ended && (
        <div className={styles.end} role="status">
          <svg className={styles.star} viewBox="0 0 64 64" aria-hidden="true">
            <path d="m32 4 8.6 17.5L60 24.3 46 37.9l3.3 19.3L32 48.1l-17.3 9.1L18 37.9 4 24.3l19.4-2.8z" />
          </svg>
          <p className={styles.endTitle}>Молодец! Урок просмотрен</p>
          <div className={styles.endActions}>
            {next && (
              <button type="button" className={styles.next} onClick={() => onPlayNext(next)}>
                <img src={next.video.poster} alt="" width={160} height={90} />
                <span>Следующий урок: {next.title}</span>
              </button>
            )}
            <button
              type="button"
              className={styles.again}
              onClick={() => {
                setEnded(false);
                if (player.current) {
                  player.current.currentTime = 0;
                  void player.current.play();
                }
              }}
            >
              Смотреть ещё раз
            </button>
          </div>
        </div>
      )}
      {(earned.achievements.length > 0 || earned.sticker) && (
        <Celebration
          achievements={earned.achievements}
          sticker={earned.sticker}
          onDone={() => setEarned(NOTHING_EARNED)}
        />
      )}
    </div>
  );
}
