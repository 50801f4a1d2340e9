import type { ReactNode } from 'react';
import { ModalShell } from './modal-shell';
import { ModalArt, type ModalArtKind } from './modal-art';
import { closeModal } from './modal-store';
import { usePublicConfig } from '../../api/config';
import { Button } from '../ui/button';
import styles from './modal-content.module.scss';

/** An order number worth repeating to support: what the bank puts there, not whatever was typed. */
export function plainOrderId(value: string | undefined): string | undefined {
  return value && /^[\w-]{1,64}$/.test(value) ? value : undefined;
}

/** The support address as a link, or words that point to it while the configuration loads. */
export function SupportContact() {
  const { data: config } = usePublicConfig();
  if (!config) return <>в поддержку (адрес есть внизу страницы)</>;
  return (
    <>
      нам на <a href={`mailto:${config.support_email}`}>{config.support_email}</a>
    </>
  );
}

/**
 * A screen of the bank's return or of gifts whose server side is not built yet: says so plainly, in
 * Russian, and where to write meanwhile — never a request that can only fail.
 */
export function NotOpenYetModal({
  title,
  art = 'info',
  children,
}: {
  title: string;
  art?: ModalArtKind;
  children: ReactNode;
}) {
  return (
    <ModalShell title={title} size="sm" art={<ModalArt kind={art} />}>
      {children}
      <div className={styles.actions}>
        <Button onClick={closeModal} autoFocus>
          Понятно
        </Button>
      </div>
    </ModalShell>
  );
}
