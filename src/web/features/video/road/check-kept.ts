// Kept lessons follow the family's access (docs/OFFLINE-LESSONS.md): each time the video
// page opens online, packs of another account or of a child no longer in the family go, a lesson that is
// no longer open goes, and a pack's end moves with the family's access — never past 14 days after it was
// kept.
import { isAxiosError } from 'axios';
import type { Profile } from '@contract/api/auth';
import type { LessonsPage } from '@contract/api/lessons';
import { api } from '../../../api/client';
import { dropKept, keptUrl, readPacks, setPackExpiry } from '../../../lib/kept-lessons';
import { fetchDownloads } from '../lessons-api';

const DAY_MS = 24 * 60 * 60 * 1000;
/** docs/OFFLINE-LESSONS.md: the longest a lesson stays kept. */
export const KEEP_DAYS = 14;

async function openLessonIds(childId: number, week: number): Promise<Set<number>> {
  const page = await api.get<{ data: LessonsPage }>('profile/lessons', {
    params: { child_id: childId, week },
    handlesErrors: true,
  });
  return new Set(page.data.data.lessons.filter((l) => l.available).map((l) => l.id));
}

export async function checkKept(profile: Profile): Promise<void> {
  const children = new Set(profile.children.map((c) => c.id));
  await dropKept(
    (pack, lesson) =>
      lesson === null && (pack.user_id !== profile.id || !children.has(pack.child.id)),
  );
  // Files the browser evicted: their lessons are not kept any more, whatever the list says.
  const evicted = new Set<number>();
  for (const pack of readPacks())
    for (const lesson of pack.lessons)
      if (!(await caches.match(keptUrl.playlist(lesson.id)))) evicted.add(lesson.id);
  await dropKept((_, lesson) => lesson !== null && evicted.has(lesson.id));
  for (const pack of readPacks()) {
    try {
      // What is no longer open goes first; only then may the end move.
      if (pack.week !== null) {
        const open = await openLessonIds(pack.child.id, pack.week);
        await dropKept(
          (p, lesson) => p.child.id === pack.child.id && lesson !== null && !open.has(lesson.id),
        );
      }
      const plan = await fetchDownloads(pack.child.id);
      const latest = Date.parse(pack.saved_at) + KEEP_DAYS * DAY_MS;
      setPackExpiry(
        pack.child.id,
        new Date(Math.min(latest, Date.parse(plan.expires_at))).toISOString(),
      );
    } catch (error) {
      // The child is gone from the family: its lessons go too. Anything else (no connection) waits.
      if (isAxiosError(error) && error.response?.status === 404)
        await dropKept((p, lesson) => lesson === null && p.child.id === pack.child.id);
    }
  }
  await dropKept((pack, lesson) => lesson === null && Date.parse(pack.expires_at) <= Date.now());
}
