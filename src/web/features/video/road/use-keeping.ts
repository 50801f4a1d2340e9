// The state of keeping one child's lessons for the road, for the modal: what the server offers, what is
// kept already, the download's progress and why it stopped.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Child } from '@contract/api/auth';
import type { LessonDownloads } from '@contract/api/lessons';
import { deletePack, keptLessonsServed, readPacks, type KeptPack } from '../../../lib/kept-lessons';
import { fetchDownloads } from '../lessons-api';
import { KeepError, keepLessons, type KeepFailure, type KeepProgress } from './keep-lessons';

export type Keeping =
  | { step: 'loading' }
  | { step: 'offline' }
  /** The page's service worker does not keep lessons (yet): the app must be updated first. */
  | { step: 'update' }
  | { step: 'ready'; plan: LessonDownloads }
  | { step: 'keeping'; plan: LessonDownloads; progress: KeepProgress }
  | { step: 'stopped'; plan: LessonDownloads; reason: KeepFailure };

export interface StorageRoom {
  /** Bytes the site's storage holds now, and may hold at most, as the browser says. */
  usage: number;
  quota: number;
}

async function storageRoom(): Promise<StorageRoom | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return estimate?.quota ? { usage: estimate.usage ?? 0, quota: estimate.quota } : null;
  } catch {
    return null;
  }
}

export function useKeeping(child: Child, userId: number) {
  const [state, setState] = useState<Keeping>({ step: 'loading' });
  const [pack, setPack] = useState<KeptPack | null>(
    () => readPacks().find((p) => p.child.id === child.id) ?? null,
  );
  const [room, setRoom] = useState<StorageRoom | null>(null);
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    setState({ step: 'loading' });
    if (!(await keptLessonsServed())) {
      setState({ step: 'update' });
    } else {
      try {
        setState({ step: 'ready', plan: await fetchDownloads(child.id) });
      } catch {
        setState({ step: 'offline' });
      }
    }
    setRoom(await storageRoom());
  }, [child.id]);

  useEffect(() => {
    void load();
    return () => abort.current?.abort();
  }, [load]);

  /**
   * Keeps the plan's lessons not kept yet. Links that run out on a long download are asked for again
   * and it goes on — as long as each round stored something, so a refusal never loops.
   */
  const keep = async (plan: LessonDownloads): Promise<void> => {
    let current = plan;
    let storedBeforeRenewal = -1;
    for (;;) {
      const kept = readPacks().find((p) => p.child.id === child.id && p.week === current.week);
      const keptIds = new Set(kept?.lessons.map((l) => l.id) ?? []);
      const fetchNow = { ...current, lessons: current.lessons.filter((l) => !keptIds.has(l.id)) };
      const controller = new AbortController();
      abort.current = controller;
      let stored = 0;
      setState({ step: 'keeping', plan: current, progress: { done: 0, total: 1 } });
      try {
        setPack(
          await keepLessons({
            plan: fetchNow,
            child,
            userId,
            signal: controller.signal,
            onProgress: (progress) => {
              stored = progress.done;
              setState({ step: 'keeping', plan: current, progress });
            },
          }),
        );
        setState({ step: 'ready', plan: current });
        break;
      } catch (error) {
        setPack(readPacks().find((p) => p.child.id === child.id) ?? null);
        const reason: KeepFailure = controller.signal.aborted
          ? 'stopped'
          : error instanceof KeepError
            ? error.reason
            : 'network';
        if (reason === 'links_expired' && stored > storedBeforeRenewal) {
          storedBeforeRenewal = stored;
          try {
            current = await fetchDownloads(child.id);
            continue;
          } catch {
            setState({ step: 'stopped', plan: current, reason: 'network' });
            break;
          }
        }
        setState({ step: 'stopped', plan: current, reason });
        break;
      }
    }
    setRoom(await storageRoom());
  };

  const stop = () => abort.current?.abort();

  const remove = async () => {
    await deletePack(child.id);
    setPack(null);
    setRoom(await storageRoom());
  };

  return { state, pack, room, keep, stop, remove, reload: load };
}
