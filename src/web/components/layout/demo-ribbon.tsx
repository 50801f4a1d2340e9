import { usePublicConfig } from '../../api/config';
import styles from './demo-ribbon.module.scss';

/** The mail sandbox's outbox: a page of the server, not of the SPA, so a plain link. */
const SANDBOX_MAIL = '/sandbox/mail';

/**
 * Demo mode says so on every page, so nobody takes the demo for the real school or waits for a letter.
 * It sits in the flow after the page and sticks to the bottom of the screen: appearing once the config
 * arrives moves nothing (no layout shift), and at the end of the page it stands below the footer instead
 * of covering it.
 */
export function DemoRibbon() {
  const { data: config } = usePublicConfig();
  if (!config?.demo) return null;
  return (
    <aside className={styles.ribbon} aria-label="Демо-режим">
      <b>Демо-режим:</b> письма не&nbsp;уходят, а&nbsp;ждут в&nbsp;
      <a className={styles.link} href={SANDBOX_MAIL}>
        почтовом ящике песочницы
      </a>
    </aside>
  );
}
