import { useId, useRef, useState } from 'react';
import { REFERRAL_REWARD_DAYS, REFERRAL_TRIAL_DAYS } from '@contract/api/values';
import { formatMoscowDate } from '@contract/moscow-date';
import { DAYS, pluralize } from '@contract/plural';
import { useProfile } from '../../../api/profile';
import { useReferral, type Referral } from '../../../api/referral';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmailText } from '../../../components/ui/email-text';
import { Skeleton } from '../../../components/ui/skeleton';
import { Panel } from '../panel';
import form from '../../../components/form/form.module.scss';
import profileStyles from '../profile/profile-page.module.scss';
import { explanation, rulesNote, shareMessage, stateLabel, STATE_TONES } from './referral-texts';
import styles from './referral-panel.module.scss';

/** A user who closed the share sheet changed their mind: nothing to copy or to say. */
function dismissed(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The link in a read-only field and «Поделиться»: the phone's share sheet where there is one, otherwise the
 * clipboard, and where even that is refused (an old browser, a denied permission) the field's text is
 * selected for a long press or Ctrl+C.
 */
function ShareLink({ referral }: { referral: Referral }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referral.link);
      setNote('Ссылка скопирована');
    } catch {
      field.current?.focus();
      field.current?.select();
      setNote('Ссылка выделена — скопируйте её');
    }
  };

  const share = async () => {
    // Emptied first, so the same words said again are announced again.
    setNote(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ ...shareMessage(referral), url: referral.link });
        return;
      } catch (error) {
        if (dismissed(error)) return;
        // A share refused by the browser (no user gesture left, a policy): the clipboard still works.
      }
    }
    await copy();
  };

  return (
    <div className={styles.share}>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-link`}>
          Ваша ссылка
        </label>
        <div className={styles.linkRow}>
          <input
            ref={field}
            id={`${id}-link`}
            className={cx(form.input, styles.link)}
            type="text"
            inputMode="url"
            readOnly
            value={referral.link}
            translate="no"
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button className={styles.shareButton} onClick={() => void share()}>
            Поделиться
          </Button>
        </div>
      </div>
      <p className={styles.note} role="status">
        {note}
      </p>
    </div>
  );
}

function Counts({ referral }: { referral: Referral }) {
  return (
    <dl className={styles.counts}>
      <div className={styles.count}>
        <dt>Пришли по ссылке</dt>
        <dd>{referral.counts.registered}</dd>
      </div>
      <div className={styles.count}>
        <dt>Оплатили</dt>
        <dd>{referral.counts.paid}</dd>
      </div>
      <div className={styles.count}>
        <dt>Вам добавлено</dt>
        <dd>{pluralize(referral.counts.days, DAYS)}</dd>
      </div>
    </dl>
  );
}

function InvitedList({ referral }: { referral: Referral }) {
  const titleId = useId();
  if (referral.invited.length === 0) {
    return <p className={styles.empty}>Пока никто не пришёл по вашей ссылке.</p>;
  }
  return (
    <div className={styles.invited}>
      <h3 id={titleId} className={profileStyles.subtitle}>
        Кого вы пригласили
      </h3>
      <ul className={styles.list} role="list" aria-labelledby={titleId}>
        {referral.invited.map((family, index) => (
          <li key={`${family.email}-${family.registered_at}-${index}`} className={styles.item}>
            <div className={styles.who}>
              <EmailText email={family.email} className={styles.email} />
              <span className={profileStyles.hint}>
                Пришли{' '}
                <time dateTime={family.registered_at}>
                  {formatMoscowDate(family.registered_at)}
                </time>
              </span>
            </div>
            <span className={cx(styles.state, styles[STATE_TONES[family.state]])}>
              {stateLabel(family, referral)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * docs/PRODUCT.md «Invite a friend»: the owner's link to share, what it brought and what each invited
 * family gave. A caregiver pays for nothing, so it has no link and never sees the panel.
 */
export function ReferralPanel() {
  const { data: profile } = useProfile();
  const owner = profile?.family_role === 'owner';
  const { data, isError, isFetching, refetch } = useReferral(owner);
  if (!owner) return null;

  return (
    <Panel
      title="Пригласить друзей"
      description={explanation({
        trial_days: data?.trial_days ?? REFERRAL_TRIAL_DAYS,
        reward_days: data?.reward_days ?? REFERRAL_REWARD_DAYS,
      })}
    >
      {data ? (
        <>
          <ShareLink referral={data} />
          <Counts referral={data} />
          <InvitedList referral={data} />
          <p className={profileStyles.hint}>{rulesNote(data)}</p>
        </>
      ) : isError ? (
        <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
          Загрузить ссылку ещё раз
        </Button>
      ) : (
        <Skeleton height={180} radius={16} />
      )}
    </Panel>
  );
}
