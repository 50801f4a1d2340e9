import { displayEmail } from '@contract/email';
import { usePublicConfig } from '../../api/config';
import type { SupportReceipt } from '../../api/support';
import form from '../../components/form/form.module.scss';

/** What the parent reads once a request is sent: its number and where the answer will come. */
export function SupportSent({
  receipt,
  className,
}: {
  receipt: SupportReceipt;
  className?: string;
}) {
  const { data: config } = usePublicConfig();
  return (
    <>
      <p className={className}>
        Обращение №&nbsp;{receipt.id} у нас. Ответим на {displayEmail(receipt.email)} — обычно в
        течение рабочего дня. Копию письма мы отправили вам на почту.
      </p>
      {config?.sandbox && (
        <p className={form.note}>
          Демо-режим: письма лежат в{' '}
          <a href="/sandbox/mail" target="_blank" rel="noreferrer">
            почтовой песочнице
          </a>
          .
        </p>
      )}
    </>
  );
}
