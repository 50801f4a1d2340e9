// The lesson player as the video pages show it: its code is a chunk of its own, and until it is in, the
// lesson's picture with the play button stands in its place — a tap on it is kept, so the lesson starts
// as soon as the player can play it.
import { lazy, Suspense } from 'react';
import { loadChunk } from '../../lib/chunk';
import { PlayerPlaceholder } from './big-play-button';
import type { LessonPlayerProps } from './lesson-player';

const LessonPlayer = lazy(() => loadChunk(() => import('./lesson-player')));

export function LazyLessonPlayer({
  onWantPlay,
  ...player
}: LessonPlayerProps & { onWantPlay: () => void }) {
  const { lesson } = player;
  return (
    <Suspense
      fallback={
        <PlayerPlaceholder
          title={lesson.title}
          poster={lesson.video.poster}
          waiting={player.playWanted}
          onPress={onWantPlay}
        />
      }
    >
      <LessonPlayer key={lesson.id} {...player} />
    </Suspense>
  );
}
