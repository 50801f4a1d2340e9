import { ModalShell } from '../../components/modal/modal-shell';
import { ModalArt } from '../../components/modal/modal-art';
import { closeModal, type ModalPropsMap } from '../../components/modal/modal-store';
import { Button } from '../../components/ui/button';
import { SupportSent } from './support-sent';
import content from '../../components/modal/modal-content.module.scss';

/** The global «support success» modal. */
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
