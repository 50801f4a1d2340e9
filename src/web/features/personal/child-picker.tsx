import { useSearchParams } from 'react-router';
import type { Child } from '@contract/api/children';
import { cx } from '../../components/ui/cx';
import { avatarOf, ChildAvatar } from '../../components/illustrations/child-avatar';
import styles from './child-picker.module.scss';

/** The address keeps the chosen child (`?child=12`), so a link can open a screen on one child. */
const CHILD_PARAM = 'child';

/** The child a per-child screen shows: the one in the address when it is the family's, else the first. */
export function useChosenChild(
  children: readonly Child[],
): [Child | undefined, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get(CHILD_PARAM));
  const chosen = children.find((child) => child.id === wanted) ?? children[0];
  const choose = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(CHILD_PARAM, String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [chosen, choose];
}

export interface ChildPickerProps {
  items: readonly Child[];
  chosen: Child | undefined;
  onChoose: (id: number) => void;
  /** What the choice is for, read by screen readers: «Чьи успехи показать». */
  label: string;
}

/** Chips with each child's picture and name; shown only when the family has more than one child. */
export function ChildPicker({ items, chosen, onChoose, label }: ChildPickerProps) {
  if (items.length < 2) return null;
  return (
    <div className={styles.picker} role="group" aria-label={label}>
      {items.map((child) => {
        const active = child.id === chosen?.id;
        return (
          <button
            key={child.id}
            type="button"
            className={cx(styles.chip, active && styles.active)}
            aria-pressed={active}
            onClick={() => onChoose(child.id)}
          >
            <ChildAvatar avatar={avatarOf(child)} size={32} className={styles.avatar} />
            {child.name}
          </button>
        );
      })}
    </div>
  );
}
