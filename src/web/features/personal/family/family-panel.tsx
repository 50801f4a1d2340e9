import { useId } from 'react';
import type { Caregiver } from '@contract/api/caregivers';
import { CAREGIVER_INVITATION_DAYS } from '@contract/api/values';
import { formatMoscowDate } from '@contract/moscow-date';
import { pluralize } from '@contract/plural';
import { useCaregivers, useInviteCaregiver, useRemoveCaregiver } from '../../../api/caregivers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { Skeleton } from '../../../components/ui/skeleton';
import { SandboxMailNote } from '../../../components/form/sandbox-mail-note';
import { openModal } from '../../../components/modal/modal-store';
import { toast } from '../../../components/toast/toast';
import { FormField } from '../profile/form-field';
import { useAddressForm } from '../profile/use-address-form';
import { Panel } from '../panel';
import form from '../../../components/form/form.module.scss';
import profileStyles from '../profile/profile-page.module.scss';
import styles from './family-panel.module.scss';

const PLACES = { one: 'место', few: 'места', many: 'мест' };
const DAYS = { one: 'день', few: 'дня', many: 'дней' };

function statusBadge(caregiver: Caregiver) {
  if (caregiver.status === 'accepted') return <Badge tone="mint">В семье</Badge>;
  if (caregiver.status === 'invited') return <Badge tone="accent">Приглашение отправлено</Badge>;
  return <Badge tone="neutral">Ссылка устарела</Badge>;
}

function statusLine(caregiver: Caregiver): string {
  if (caregiver.status === 'accepted' && caregiver.accepted_at) {
    return `В семье с ${formatMoscowDate(caregiver.accepted_at)}`;
  }
  if (caregiver.status === 'invited' && caregiver.expires_at) {
    return `Ссылка действует до ${formatMoscowDate(caregiver.expires_at)}`;
  }
  return 'Пригласите ещё раз, чтобы отправить новую ссылку';
}

function InviteForm({ disabled }: { disabled: boolean }) {
  const id = useId();
  const invite = useInviteCaregiver();
  const { sentTo, error, field, submit } = useAddressForm((email) => invite.mutateAsync(email));

  return (
    <form className={profileStyles.subform} onSubmit={(event) => void submit(event)} noValidate>
      {sentTo && (
        <div role="status">
          <p className={profileStyles.hint}>
            Приглашение отправлено на <EmailText email={sentTo} />. Ссылка в письме действует{' '}
            {pluralize(CAREGIVER_INVITATION_DAYS, DAYS)}.
          </p>
          <SandboxMailNote />
        </div>
      )}
      <FormField id={`${id}-email`} label="Почта близкого" error={error}>
        {(props) => (
          <input
            {...props}
            className={form.input}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="babushka@mail.ru"
            disabled={disabled}
            {...field}
          />
        )}
      </FormField>
      <div className={profileStyles.formActions}>
        <Button type="submit" variant="secondary" loading={invite.isPending} disabled={disabled}>
          Пригласить
        </Button>
      </div>
    </form>
  );
}

/**
 * docs/PRODUCT.md «Grown-ups of a family»: the owner invites a grandparent or a nanny, sees who accepted
 * and removes them; a removed caregiver loses access at once.
 */
export function FamilyPanel() {
  const { data, isError, refetch } = useCaregivers();
  const remove = useRemoveCaregiver();

  const confirmRemove = (caregiver: Caregiver) =>
    openModal('confirm', {
      title:
        caregiver.status === 'accepted'
          ? `Убрать ${caregiver.name || caregiver.email} из семьи?`
          : 'Отозвать приглашение?',
      text:
        caregiver.status === 'accepted'
          ? 'Доступ к детям и урокам закончится сразу. Пригласить снова можно в любой момент.'
          : 'Ссылка из письма перестанет работать.',
      confirmText: caregiver.status === 'accepted' ? 'Убрать' : 'Отозвать',
      onConfirm: async () => {
        await remove.mutateAsync(caregiver.id);
        toast.success(caregiver.status === 'accepted' ? 'Доступ закрыт' : 'Приглашение отозвано');
      },
    });

  const taken = data?.caregivers.filter((c) => c.status !== 'expired').length ?? 0;
  const left = data ? data.max - taken : 0;

  return (
    <Panel
      title="Близкие"
      description="Бабушки, дедушки и няни смотрят уроки с ребёнком и видят его успехи. Оплата и подписка остаются у вас."
    >
      {data ? (
        <>
          {data.caregivers.length > 0 && (
            <ul className={styles.list} role="list">
              {data.caregivers.map((caregiver) => (
                <li key={caregiver.id} className={styles.item}>
                  <div className={styles.who}>
                    {caregiver.name && <span className={styles.name}>{caregiver.name}</span>}
                    <EmailText email={caregiver.email} />
                    <span className={profileStyles.hint}>{statusLine(caregiver)}</span>
                  </div>
                  <div className={styles.actions}>
                    {statusBadge(caregiver)}
                    <Button size="sm" variant="ghost" onClick={() => confirmRemove(caregiver)}>
                      {caregiver.status === 'accepted' ? 'Убрать' : 'Отозвать'}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <p className={profileStyles.hint}>
            {left > 0
              ? `Свободно ${pluralize(left, PLACES)} из ${data.max}.`
              : `Заняты все ${pluralize(data.max, PLACES)}. Чтобы пригласить кого-то ещё, уберите одного из близких.`}
          </p>
          <InviteForm disabled={left <= 0} />
        </>
      ) : isError ? (
        <Button variant="secondary" onClick={() => void refetch()}>
          Загрузить близких ещё раз
        </Button>
      ) : (
        <Skeleton height={120} radius={16} />
      )}
    </Panel>
  );
}
