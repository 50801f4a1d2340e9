import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, openModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../api/session';
import { ChildBadge } from './child-badge';
import styles from './video-modals.module.scss';

/**
 * The child select: who is going to watch. Big faces to tap, each the picture chosen in «Дети», so a child
 * who cannot read finds their own; the name under it is for the grown-up. With no children yet, the
 * parent adds one first.
 */
export default function ChildSelectModal({
  children,
  selectedId,
  onSelect,
}: ModalPropsMap['child-select']) {
  const caregiver = useSession().profile?.family_role === 'caregiver';
  if (children.length === 0 && caregiver) {
    return (
      <ModalShell title="Кто будет смотреть?" size="sm">
        <p className={styles.text}>
          Детей в семье пока нет. Их добавляет родитель, который вас пригласил: как только он это
          сделает, ребёнок появится здесь.
        </p>
        <Button block size="lg" onClick={closeModal}>
          Понятно
        </Button>
      </ModalShell>
    );
  }
  if (children.length === 0) {
    return (
      <ModalShell title="Кто будет смотреть?" size="sm">
        <p className={styles.text}>
          Уроки смотрит ребёнок: добавьте его, и мы подберём программу по возрасту.
        </p>
        <Button block size="lg" onClick={() => openModal('add-child', {})}>
          Добавить ребёнка
        </Button>
      </ModalShell>
    );
  }
  return (
    <ModalShell title="Кто будет смотреть?" size="md">
      <ul className={styles.children}>
        {children.map((child) => (
          <li key={child.id}>
            <button
              type="button"
              className={styles.childButton}
              aria-pressed={child.id === selectedId}
              onClick={() => {
                onSelect(child.id);
                closeModal();
              }}
            >
              <ChildBadge child={child} size="xl" />
              <span className={styles.childName}>{child.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </ModalShell>
  );
}
