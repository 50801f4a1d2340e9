import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, openModal, type ModalPropsMap } from '../../../components/modal/modal-store';
import { Button } from '../../../components/ui/button';
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
