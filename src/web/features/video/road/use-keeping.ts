// The state of keeping one child's lessons for the road, for the modal: what the server offers, what is
// kept already, the download's progress and why it stopped.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Child } from '@contract/api/auth';
import type { LessonDownloads } from '@contract/api/lessons';
import { deletePack, readPacks, type KeptPack } from '../../../lib/kept-lessons';
import { fetchDownloads } from '../lessons-api';
import { KeepError, keepLessons, type KeepFailure, type KeepProgress } from './keep-lessons';

export type Keeping =
  | { step: 'loading' }
  | { step: 'offline' }
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
    try {
      setState({ step: 'ready', plan: await fetchDownloads(child.id) });
    } catch {
      setState({ step: 'offline' });
    }
    setRoom(await storageRoom());
  }, [child.id]);

  useEffect(() => {
    void load();
    return () => abort.current?.abort();
  }, [load]);

  const keep = async (plan: LessonDownloads, retried = false): Promise<void> => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'keeping', plan, progress: { done: 0, total: 1 } });
    try {
      const kept = await keepLessons({
        plan,
        child,
        userId,
        signal: controller.signal,
        onProgress: (progress) => setState({ step: 'keeping', plan, progress }),
      });
      setPack(kept);
      setState({ step: 'ready', plan });
    } catch (error) {
      setPack(readPacks().find((p) => p.child.id === child.id) ?? null);
      if (controller.signal.aborted) {
        setState({ step: 'ready', plan });
      } else if (error instanceof KeepError && error.reason === 'links_expired' && !retried) {
        // A download longer than its links: new links, and on from what is stored.
        try {
          await keep(await fetchDownloads(child.id), true);
        } catch {
          setState({ step: 'stopped', plan, reason: 'network' });
        }
        return;
      } else {
        setState({
          step: 'stopped',
          plan,
          reason: error instanceof KeepError ? error.reason : 'network',
        });
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
