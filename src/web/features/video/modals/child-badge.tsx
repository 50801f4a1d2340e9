import { avatarOf, ChildAvatar } from '../../../components/illustrations/child-avatar';
import styles from './video-modals.module.scss';

const SIZES = { sm: 40, lg: 88, xl: 120 } as const;

/**
 * The picture the parent chose for the child in «Дети» (or the steady one a child without a choice
 * gets there too): the same face on the lessons as in the personal area. Decorative: the name is beside it.
 */
export function ChildBadge({
  child,
  size,
}: {
  child: { id: number; avatar: string | null };
  size: keyof typeof SIZES;
}) {
  const avatar = avatarOf(child);
  return (
    <span className={styles.badge} data-avatar={avatar}>
      <ChildAvatar avatar={avatar} size={SIZES[size]} />
    </span>
  );
}
