import { Link } from 'react-router';
import type { Instruction } from '@contract/api/content';
import { pathTo } from '../../lib/routes';
import { ArrowRightIcon } from '../../components/illustrations/icons';
import { cx } from '../../components/ui/cx';
import styles from './instructions-page.module.scss';

/** The address of one instruction: its slug, which the administrator chooses and which stays put. */
export function instructionPath(slug: string): string {
  return pathTo('help-instructions', { instruction: slug });
}

/** Instructions as links: big rows on the list screen, a compact column beside an instruction. */
export function InstructionList({
  items,
  compact = false,
}: {
  items: Instruction[];
  compact?: boolean;
}) {
  return (
    <ol className={cx(styles.list, compact && styles.compact)} role="list">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={instructionPath(item.slug)} className={styles.link}>
            <span className={styles.linkTitle}>{item.title}</span>
            <ArrowRightIcon size={compact ? 18 : 22} className={styles.arrow} />
          </Link>
        </li>
      ))}
    </ol>
  );
}
