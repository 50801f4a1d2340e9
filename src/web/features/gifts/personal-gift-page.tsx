import { useState } from 'react';
import { MONTHS, pluralize } from '@contract/plural';
import { useGifts } from '../../api/catalog';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { clearPayAfter, readPayAfter, readSendGift } from '../checkout';
import { Panel } from '../personal';
import { GiftBuyBlock, type GiftPreset } from './gift-buy-block';
import { giftOptions } from './gift-tariffs';
import { MyGifts } from './my-gifts';
import styles from './gifts.module.scss';

/** A gift chosen before registering (pay_after of kind gift), as the buying block pre-selects it. */
function pendingGift(): GiftPreset | null {
  const choice = readPayAfter();
  if (choice?.kind !== 'gift') return null;
  return { tariffId: choice.tariff_id, promo: choice.promo, email: readSendGift() };
}

/** «Вы выбрали …»: the waiting choice, with a way to drop it. */
function PendingNote({ preset, onDismiss }: { preset: GiftPreset; onDismiss: () => void }) {
  const { data } = useGifts();
  const option = giftOptions(data?.data ?? []).find((item) => item.id === preset.tariffId);
  if (!option) return null;
  return (
    <div className={styles.pending} role="status">
      <p>
        Вы выбрали «{option.title}»{preset.promo ? ` с промокодом ${preset.promo}` : ''}. Осталось
        оплатить — подарок на {pluralize(option.duration, MONTHS)} появится ниже, в «Моих подарках».
      </p>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Отменить выбор
      </Button>
    </div>
  );
}

/** personal/gift: buying a gift subscription and the gifts bought, their codes and sending. */
export default function PersonalGiftPage() {
  const [preset, setPreset] = useState(pendingGift);
  // Remounting the block drops the pre-selection together with the note.
  const [blockKey, setBlockKey] = useState(0);

  const dismiss = () => {
    clearPayAfter();
    setPreset(null);
    setBlockKey((key) => key + 1);
  };

  return (
    <Container className={styles.page}>
      <Panel
        title="Подписка в подарок"
        description="Сертификат действует год; подписка начнётся в день, когда получатель активирует код."
      >
        {preset && <PendingNote preset={preset} onDismiss={dismiss} />}
        <GiftBuyBlock key={blockKey} buyer="parent" preset={preset} />
      </Panel>
      <MyGifts />
    </Container>
  );
}
