import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { closeModal, type ModalPropsMap } from '../modal-store';
import { Button } from '../../components/ui/button';
import { SupportSent } from '../../features/support/support-sent';
import content from '../modal-content.module.scss';

/** SPEC's global «support success» modal. */
export default function SupportSuccessModal(receipt: ModalPropsMap['support-success']) {
  return (
    <ModalShell title="Сообщение отправлено" size="sm" art={<ModalArt kind="success" />}>
      <SupportSent receipt={receipt} className={content.text} />
      <div className={content.actions}>
        <Button onClick={closeModal} autoFocus>
          Хорошо
        </Button>
      </div>
    </ModalShell>
  );
}
