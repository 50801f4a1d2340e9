import { ModalShell } from '../../components/modal/modal-shell';
import { closeModal } from '../../components/modal/modal-store';
import { pathTo } from '../../lib/routes';
import { useProfile } from '../../api/profile';
import { useChildSlots } from '../../api/store';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Skeleton } from '../../components/ui/skeleton';
import { ChildSlotOffer } from './child-slot-offer';
import content from '../../components/modal/modal-content.module.scss';
import styles from './add-child-without-subscription-modal.module.scss';

/** Two children in a circle of seats: a picture for «a place for one more». */
function SeatsArt() {
  return (
    <svg className={styles.art} viewBox="0 0 120 72" aria-hidden="true">
      <rect x="2" y="8" width="116" height="60" rx="30" fill="#efeaff" />
      <circle cx="36" cy="32" r="11" fill="#ff8a3d" />
      <path d="M19 60q17-22 34 0z" fill="#ff8a3d" />
      <circle
        cx="84"
        cy="32"
        r="11"
        fill="none"
        stroke="#6c4cf1"
        strokeWidth="3"
        strokeDasharray="5 4"
      />
      <path
        d="M67 60q17-22 34 0"
        fill="none"
        stroke="#6c4cf1"
        strokeWidth="3"
        strokeDasharray="5 4"
      />
      <circle cx="100" cy="16" r="10" fill="#ffc93c" />
      <path d="M100 11v10M95 16h10" stroke="#2b2350" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * docs/PRODUCT.md «Screens and routes»: the family has no free place for another child. One more place can be bought on its own (the
 * price is the server's); a family without a subscription is also shown the tariffs for 2–3 children.
 */
export default function AddChildWithoutSubscriptionModal() {
  const slots = useChildSlots();
  const profile = useProfile();
  const subscription = profile.data?.subscription ?? null;
  const withoutSubscription = profile.data !== undefined && subscription === null;

  return (
    <ModalShell title="Место для ещё одного ученика" size="sm" art={<SeatsArt />}>
      <p className={content.text}>
        {slots.data
          ? `Все места для учеников в вашей семье уже заняты: ${slots.data.used} из ${slots.data.total}.`
          : 'Все места для учеников в вашей семье уже заняты.'}
      </p>
      {slots.data ? (
        <ChildSlotOffer slots={slots.data} tariffChildren={subscription?.amount_children ?? null} />
      ) : (
        slots.isPending && <Skeleton height={220} radius={16} />
      )}
      {withoutSubscription && (
        <p className={content.text}>
          Или выберите тариф на&nbsp;2–3&nbsp;детей: братья и сёстры будут заниматься каждый в своём
          профиле.
        </p>
      )}
      <div className={content.actions}>
        <Button variant="secondary" onClick={closeModal}>
          Позже
        </Button>
        {(withoutSubscription || slots.isError) && (
          <ButtonLink to={pathTo('tariffs')} variant="primary">
            Выбрать тариф
          </ButtonLink>
        )}
      </div>
    </ModalShell>
  );
}
