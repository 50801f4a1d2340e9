import { useMemo } from 'react';
import { useDeleteChild } from '../../../api/children';
import { useProfile } from '../../../api/profile';
import { useScreenTime } from '../../../api/screen-time';
import { useChildSlots } from '../../../api/store';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/toast/toast';
import { openModal } from '../../../components/modal/modal-store';
import type { Child } from '@contract/api/children';
import { useAgeGroupLabel } from './age-group-labels';
import { ChildCard } from './child-card';
import { ChildAvatar } from '../../../components/illustrations/child-avatar';
import { todayInMoscow } from './child-age';
import { ChildSlotOffer } from '../../child-slots';
import styles from './students-page.module.scss';

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

function StudentsSkeleton() {
  return (
    <div className={styles.list} role="status" aria-busy="true" aria-label="Загружаем учеников">
      <Skeleton height={236} radius={24} />
      <Skeleton height={236} radius={24} />
    </div>
  );
}

/** personal/students: the family's children, added, edited and removed here (issue 3, item 9). */
export default function StudentsPage() {
  const { data: profile, isError, isFetching, refetch } = useProfile();
  const remove = useDeleteChild();
  const groupLabel = useAgeGroupLabel();
  const today = useMemo(() => todayInMoscow(), []);
  // A caregiver shares the family's children but neither adds nor removes them, nor buys places.
  const owner = profile?.family_role !== 'caregiver';
  const { data: slots } = useChildSlots(profile !== undefined && owner);
  const { data: screenTimes } = useScreenTime();
  // The places are the server's (tariff plus bought ones); the children taken are the list shown, which the
  // server counts the same way and which is current the moment a child is added or removed.
  const used = profile?.children.length ?? 0;
  const full = slots !== undefined && used >= slots.total;

  const add = () => {
    // Without the server's answer the form opens anyway: adding refuses with 409 when there is no place.
    if (full) openModal('add-child-without-subscription');
    else openModal('add-child', {});
  };

  const confirmDelete = (child: Child) =>
    openModal('confirm', {
      title: `Удалить профиль «${child.name}»?`,
      text: 'Удалим настройки ребёнка и статистику его уроков. Отменить это нельзя.',
      confirmText: 'Удалить',
      onConfirm: async () => {
        await remove.mutateAsync(child.id);
        toast.success(`Профиль «${child.name}» удалён`);
      },
    });

  let body;
  if (profile) {
    const children = profile.children;
    body =
      children.length === 0 && !owner ? (
        <div className={styles.empty}>
          <h2 className={styles.emptyTitle}>Детей пока нет</h2>
          <p className={styles.emptyText}>
            Детей добавляет родитель, который вас пригласил. Как только он это сделает, они появятся
            здесь.
          </p>
        </div>
      ) : children.length === 0 ? (
        <div className={styles.empty}>
          <div className={styles.emptyArt} aria-hidden="true">
            <ChildAvatar avatar="bunny" size={88} />
            <ChildAvatar avatar="bear" size={104} />
            <ChildAvatar avatar="fox" size={88} />
          </div>
          <h2 className={styles.emptyTitle}>Добавьте ребёнка</h2>
          <p className={styles.emptyText}>
            Укажите имя и дату рождения — подберём уроки по возрасту и будем отмечать успехи.
          </p>
          <Button size="lg" icon={<PlusIcon />} onClick={add}>
            Добавить ребёнка
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.head}>
            <div>
              <h2 className={styles.title}>Ученики</h2>
              {slots && (
                <p className={styles.lead}>
                  Занято мест: {used} из {slots.total}
                </p>
              )}
            </div>
          </div>
          <ul className={styles.list} role="list">
            {children.map((child) => (
              <ChildCard
                key={child.id}
                child={child}
                today={today}
                groupLabel={groupLabel}
                screenTime={screenTimes?.find((item) => item.child_id === child.id)}
                onEdit={owner ? () => openModal('add-child', { child }) : undefined}
                onScreenTime={() => openModal('screen-time', { child })}
                onDelete={owner ? () => confirmDelete(child) : undefined}
              />
            ))}
            {owner && (
              <li className={styles.addCard}>
                <button type="button" className={styles.addButton} onClick={add}>
                  <span className={styles.addIcon}>
                    <PlusIcon />
                  </span>
                  Добавить ребёнка
                </button>
              </li>
            )}
          </ul>
          {full && (
            <ChildSlotOffer
              className={styles.slotOffer}
              slots={slots}
              tariffChildren={profile.subscription?.amount_children ?? null}
            />
          )}
        </>
      );
  } else if (isError) {
    body = (
      <ErrorState
        title="Не удалось загрузить учеников"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = <StudentsSkeleton />;
  }

  return <Container className={styles.page}>{body}</Container>;
}
