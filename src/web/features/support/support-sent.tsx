import { displayEmail } from '@contract/email';
import type { SupportReceipt } from '../../api/support';
import { SandboxMailNote } from '../../components/form/sandbox-mail-note';

/** What the parent reads once a request is sent: its number and where the answer will come. */
export function SupportSent({
  receipt,
  className,
}: {
  receipt: SupportReceipt;
  className?: string;
}) {
  return (
    <>
      <p className={className}>
        Обращение №&nbsp;{receipt.id} у нас. Ответим на {displayEmail(receipt.email)} — обычно в
        течение рабочего дня. Копию письма мы отправили вам на почту.
      </p>
      <SandboxMailNote plural />
    </>
  );
}
