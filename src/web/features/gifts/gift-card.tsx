import { displayEmail } from '@contract/email';
import { formatMoscowDate } from '@contract/moscow-date';
import { CHILDREN, pluralize } from '@contract/plural';
import type { BoughtGift } from '../../api/store';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { CopyCode } from './copy-code';
import { GiftSwitch } from './gift-switch';
import { GIFT_STATUS_LABELS, giftStatus, isUnused, type GiftStatus } from './gift-status';
import { SendGiftForm } from './send-gift-form';
import styles from './gifts.module.scss';

const TONES: Record<GiftStatus, BadgeTone> = {
  active: 'mint',
  off: 'neutral',
  activated: 'primary',
  expired: 'neutral',
};

/** One bought gift: its code to copy, until when it is valid, its status, the switch and sending. */
export function GiftCard({ gift }: { gift: BoughtGift }) {
  const status = giftStatus(gift);
  const unused = isUnused(gift);
  return (
    <li className={styles.gift} data-status={status}>
      <div className={styles.giftHead}>
        <h3 className={styles.giftTitle}>{gift.title}</h3>
        <Badge tone={TONES[status]}>
          <span className="visually-hidden">Статус: </span>
          {GIFT_STATUS_LABELS[status]}
        </Badge>
      </div>
      <p className={styles.giftFacts}>
        {pluralize(gift.amount_children, CHILDREN)} · куплен {formatMoscowDate(gift.created_at)} ·{' '}
        {status === 'expired' ? 'действовал до' : 'действует до'}{' '}
        {formatMoscowDate(gift.expires_at)}
      </p>
      <CopyCode code={gift.code} />
      {unused && <GiftSwitch gift={gift} />}
      {status === 'active' && <SendGiftForm gift={gift} />}
      {status === 'activated' && gift.sent_to && (
        <p className={styles.sentNote}>Код был отправлен на {displayEmail(gift.sent_to)}</p>
      )}
    </li>
  );
}
