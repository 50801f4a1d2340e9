import { useId, useState } from 'react';
import { errorMessage } from '../../api/interceptors';
import { mailing, type MailingState } from '../../api/mailing';
import { Button } from '../../components/ui/button';
import switches from '../../components/form/switch.module.scss';
import styles from './mailing.module.scss';

type Category = MailingState['categories'][number];

/**
 * A switch per mailing category and one button for all of them. Each switch acts at once (no «Сохранить»
 * to forget); `token` is the mail link's, or null in the personal area.
 */
export function MailingChoices({ state, token }: { state: MailingState; token: string | null }) {
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (what: number | 'all', action: () => Promise<MailingState>) => {
    setFailure(null);
    setBusy(what);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const toggle = (category: Category) =>
    run(category.id, () => mailing.choose(token, [category.id], !category.subscribed));
  const all = () => run('all', () => mailing.all(token, !state.unsubscribed_from_all));

  return (
    <div className={styles.choices}>
      <ul className={styles.list}>
        {state.categories.map((category) => {
          // From a mail's link advertising is only left, or the link's own category taken back: joining
          // one records consent, which is the signed-in parent's to give.
          const locked =
            token !== null &&
            category.requires_consent &&
            !category.subscribed &&
            category.id !== state.link_category_id;
          return (
            <CategorySwitch
              key={category.id}
              category={category}
              busy={busy === category.id}
              disabled={busy !== null || locked}
              hint={locked ? 'Включить можно в личном кабинете, в профиле.' : undefined}
              onToggle={() => void toggle(category)}
            />
          );
        })}
      </ul>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      {state.unsubscribed_from_all && token !== null ? (
        <p className={styles.note}>Вернуть рассылки можно в личном кабинете, в профиле.</p>
      ) : (
        <Button
          variant={state.unsubscribed_from_all ? 'primary' : 'secondary'}
          loading={busy === 'all'}
          disabled={busy !== null && busy !== 'all'}
          onClick={() => void all()}
        >
          {state.unsubscribed_from_all ? 'Получать все рассылки' : 'Отписаться от всех рассылок'}
        </Button>
      )}
    </div>
  );
}

function CategorySwitch({
  category,
  busy,
  disabled,
  hint,
  onToggle,
}: {
  category: Category;
  busy: boolean;
  disabled: boolean;
  hint: string | undefined;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <li className={switches.row}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={switches.switch}
        checked={category.subscribed}
        disabled={disabled}
        aria-busy={busy}
        aria-describedby={`${id}-hint`}
        onChange={onToggle}
      />
      <label htmlFor={id} className={switches.label}>
        {category.title}
      </label>
      <span id={`${id}-hint`} className={switches.hint}>
        {hint ? `${category.description} ${hint}` : category.description}
      </span>
    </li>
  );
}
