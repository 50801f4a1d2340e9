import { usePublicConfig } from '../../api/config';
import form from './form.module.scss';

/** In the demo, where the mail just sent can be read: the sandbox mailbox. Nothing outside the demo. */
export function SandboxMailNote({ plural = false }: { plural?: boolean }) {
  const { data: config } = usePublicConfig();
  if (!config?.sandbox) return null;
  return (
    <p className={form.note}>
      Демо-режим: {plural ? 'письма лежат' : 'письмо лежит'} в{' '}
      <a href="/sandbox/mail" target="_blank" rel="noreferrer">
        почтовой песочнице
      </a>
      .
    </p>
  );
}
