// «Скачать для поездки»: the week's open lessons of one child kept in the app, to play with no network
// (docs/OFFLINE-LESSONS.md). The size is shown before, then a progress bar, then the space
// the kept lessons take; the parent deletes them here too. Opened through the parental gate.
import { useId } from 'react';
import { LESSONS, pluralize } from '@contract/plural';
import { formatMoscowDate } from '@contract/moscow-date';
import { ModalShell } from '../../../components/modal/modal-shell';
import type { ModalPropsMap } from '../../../components/modal/modal-store';
import { Button } from '../../../components/ui/button';
import type { KeepFailure } from './keep-lessons';
import { formatSize, percentOf } from './sizes';
import type { LessonDownloads } from '@contract/api/lessons';
import type { KeptPack } from '../../../lib/kept-lessons';
import { useKeeping, type StorageRoom } from './use-keeping';
import styles from './road.module.scss';

const FAILURES: Record<KeepFailure, string> = {
  network: 'Связь прервалась. Скачанное сохранено — нажмите «Продолжить», когда появится интернет.',
  no_space:
    'На устройстве не хватает места. Освободите место или удалите другие загрузки и нажмите «Продолжить».',
  links_expired: 'Ссылки на уроки устарели. Нажмите «Продолжить» — скачаем остальное.',
  refused: 'Школа не отдала один из файлов. Попробуйте ещё раз чуть позже.',
  stopped: 'Загрузка остановлена. Скачанное сохранено — можно продолжить, когда удобно.',
};

/** 1, 21, 31… take the singular verb: «1 урок готовится», «2 урока готовятся». */
const singular = (count: number) => count % 10 === 1 && count % 100 !== 11;

function keptUntil(count: number, expiresAt: string): string {
  const date = formatMoscowDate(expiresAt);
  return singular(count)
    ? `Хранится до ${date}, потом удалится сам.`
    : `Хранятся до ${date}, потом удалятся сами.`;
}

/** What the offer is: the first keeping, more of the same week, or this week instead of the kept one. */
function offerTitle(plan: LessonDownloads, pack: KeptPack | null): string {
  const week = plan.week !== null ? `недели ${plan.week}` : 'недели';
  if (!pack) return `Уроки ${week}:`;
  return pack.week === plan.week ? 'Можно скачать ещё:' : `Заменить скачанное на уроки ${week}:`;
}

/** «Ещё 1 урок готовится…», «Ещё 2 урока готовятся…». */
function notReadyText(count: number): string {
  const one = singular(count);
  return `Ещё ${pluralize(count, LESSONS)} ${one ? 'готовится' : 'готовятся'} к показу — скачать можно будет позже.`;
}

function Room({ room }: { room: StorageRoom | null }) {
  if (!room) return null;
  return (
    <p className={styles.meta}>
      Место для уроков на устройстве: занято {formatSize(room.usage)}, свободно около{' '}
      {formatSize(Math.max(0, room.quota - room.usage))}
    </p>
  );
}

export default function RoadModal({ child, userId }: ModalPropsMap['road']) {
  const progressId = useId();
  const { state, pack, room, keep, stop, remove, reload } = useKeeping(child, userId);
  const plan = 'plan' in state ? state.plan : null;
  // Lessons of another week kept before count as nothing kept: this week replaces them.
  const keptIds = new Set(pack && pack.week === plan?.week ? pack.lessons.map((l) => l.id) : []);
  const missing = plan?.lessons.filter((l) => !keptIds.has(l.id)) ?? [];
  const missingBytes = missing.reduce((sum, l) => sum + l.size_bytes, 0);
  const keptBytes = pack?.lessons.reduce((sum, l) => sum + l.bytes, 0) ?? 0;

  return (
    <ModalShell title="Уроки для поездки" size="md">
      <div className={styles.body}>
        <p className={styles.lead}>
          Уроки недели сохранятся в приложении, и {child.name} сможет смотреть их на странице уроков
          без интернета — в машине, в поезде, на даче.
        </p>

        {state.step === 'loading' && <p role="status">Считаем, сколько места нужно…</p>}
        {state.step === 'update' && (
          <p className={styles.notice} role="alert">
            Чтобы скачивать уроки, приложению нужно обновиться: обновите страницу (или нажмите
            «Обновить», если сайт предлагает новую версию) и откройте это окно снова.
          </p>
        )}
        {state.step === 'offline' && (
          <div className={styles.notice} role="alert">
            <p>Нет связи со школой: скачать уроки сейчас не получится.</p>
            <Button variant="secondary" onClick={() => void reload()}>
              Попробовать ещё раз
            </Button>
          </div>
        )}

        {pack && (
          <div className={styles.kept}>
            <p>
              <strong>
                Скачано: {pluralize(pack.lessons.length, LESSONS)}, {formatSize(keptBytes)}.
              </strong>{' '}
              {keptUntil(pack.lessons.length, pack.expires_at)}
            </p>
            <ul className={styles.list}>
              {pack.lessons.map((lesson) => (
                <li key={lesson.id}>
                  {lesson.title} <span className={styles.size}>{formatSize(lesson.bytes)}</span>
                </li>
              ))}
            </ul>
            {state.step !== 'keeping' && (
              <Button variant="ghost" onClick={() => void remove()}>
                Удалить загрузки
              </Button>
            )}
          </div>
        )}

        {plan && state.step !== 'keeping' && missing.length > 0 && (
          <div className={styles.offer}>
            <p>{offerTitle(plan, pack)}</p>
            <ul className={styles.list}>
              {missing.map((lesson) => (
                <li key={lesson.id}>
                  {lesson.title}{' '}
                  <span className={styles.size}>около {formatSize(lesson.size_bytes)}</span>
                </li>
              ))}
            </ul>
            <p className={styles.meta}>
              {singular(missing.length) ? 'Будет храниться' : 'Будут храниться'} до{' '}
              {formatMoscowDate(plan.expires_at)}.
            </p>
          </div>
        )}
        {plan && plan.lessons.length === 0 && plan.not_ready === 0 && (
          <p className={styles.notice}>
            Сейчас скачивать нечего: на этой неделе для ребёнка нет открытых уроков.
          </p>
        )}
        {plan && plan.not_ready > 0 && (
          <p className={styles.meta}>{notReadyText(plan.not_ready)}</p>
        )}

        {state.step === 'keeping' && (
          <div className={styles.progress}>
            <label htmlFor={progressId}>
              Скачиваем: {formatSize(state.progress.done)} из примерно{' '}
              {formatSize(state.progress.total)}
            </label>
            <progress
              id={progressId}
              className={styles.bar}
              max={100}
              value={percentOf(state.progress.done, state.progress.total)}
            />
            <p className={styles.meta}>Не закрывайте страницу, пока идёт загрузка.</p>
            <Button variant="secondary" onClick={stop}>
              Остановить
            </Button>
          </div>
        )}
        {state.step === 'stopped' && (
          <p className={styles.error} role="alert">
            {FAILURES[state.reason]}
          </p>
        )}

        {plan && state.step !== 'keeping' && missing.length > 0 && (
          <Button size="lg" block onClick={() => void keep(plan)}>
            {state.step === 'stopped'
              ? 'Продолжить'
              : `Скачать ${pluralize(missing.length, LESSONS)} (около ${formatSize(missingBytes)})`}
          </Button>
        )}
        {pack && plan && missing.length === 0 && state.step === 'ready' && (
          <p className={styles.done} role="status">
            Готово: все {plan.not_ready > 0 ? 'готовые' : 'открытые'} уроки недели на устройстве.
          </p>
        )}
        <Room room={room} />
      </div>
    </ModalShell>
  );
}
