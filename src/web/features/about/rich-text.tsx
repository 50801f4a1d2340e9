import { cx } from '../../components/ui/cx';
// Prose's own typography: Prose itself takes an HTML string, these pages hand over React nodes.
import proseStyles from '../../components/ui/prose.module.scss';
import { htmlNodesToReact } from './html-to-react';

export interface RichTextProps {
  /** Parsed admin HTML (splitByHeading), drawn as React elements: never as innerHTML. */
  nodes: readonly Node[];
  className?: string;
}

/** A piece of an admin-edited page with the school's long-form typography. */
export function RichText({ nodes, className }: RichTextProps) {
  return <div className={cx(proseStyles.prose, className)}>{htmlNodesToReact(nodes)}</div>;
}
