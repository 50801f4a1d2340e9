import { Link, useNavigate } from 'react-router';
import { CHILDREN, pluralize } from '@contract/plural';
import { DELETE_CONFIRMATION_WORD } from '@contract/api/profile';
import { deleteAccount, eraseData, profileKey, type Profile } from '../../../api/profile';
import { queryClient } from '../../../api/query-client';
import { clearSession } from '../../../api/session';
import { pathTo } from '../../../lib/routes';
import { toast } from '../../../components/toast/toast';
import { KEEP_MODAL_STATE, openModal } from '../../../components/modal/modal-store';
import type { ConfirmModalProps } from '../../../components/modal/modal-props';
import { Panel } from '../panel';
import styles from './profile-page.module.scss';

const ACCOUNT_DELETED_MESSAGE =
  'Мы стёрли ваш профиль, профили детей и их статистику. Письма об удалении не будет: вашего адреса у нас больше нет. Будем рады видеть вас снова!';

interface Erasure {
  key: string;
  title: string;
  text: string;
  button: string;
  /** Nothing to erase: the button is off. */
  empty?: string;
  confirm: ConfirmModalProps;
}

/** Every value the school keeps in this browser goes with the account. */
function clearBrowserStorage(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing was kept there.
  }
}

/** docs/PRODUCT.md «Product rules» / 152-FZ: the parent erases parts of the family's data, or the whole account. */
export function PrivacySection({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const childCount = profile.children.length;
  // A caregiver erases only their own account's data; the children's are the owner's (docs/PRODUCT.md
  // «Grown-ups of a family»).
  const caregiver = profile.family_role === 'caregiver';
  const hasSocial = profile.social_networks.length > 0;

  const leave = async () => {
    // Storage first: the landing's guard must not find a token or a pending purchase.
    clearBrowserStorage();
    clearSession();
    await navigate(pathTo('index'), { replace: true, state: KEEP_MODAL_STATE });
    window.scrollTo({ top: 0 });
    queryClient.removeQueries({ queryKey: profileKey });
    // A notice that stays until it is read, not a toast that fades: it is the only word the family gets —
    // the school sends no letter, as the address is erased with the account.
    openModal('global-notify', {
      title: 'Аккаунт удалён',
      message: ACCOUNT_DELETED_MESSAGE,
      buttonText: 'Понятно',
    });
  };

  const erasures: Erasure[] = [
    {
      key: 'stats',
      title: 'Статистика уроков',
      text: 'Какие уроки смотрели дети и сколько. Профили детей и подписка останутся.',
      button: 'Удалить статистику',
      confirm: {
        title: 'Удалить статистику уроков?',
        text: 'Сотрём, какие уроки и сколько смотрели дети. Отменить это нельзя.',
        confirmText: 'Удалить статистику',
        onConfirm: async () => {
          await eraseData('deleteLessonStats');
          toast.success('Статистика уроков удалена');
        },
      },
    },
    {
      key: 'social',
      title: 'Данные из соцсетей',
      text: 'Привязки VK ID и Facebook и то, что мы от них получили: имя и адрес почты.',
      button: 'Удалить данные соцсетей',
      empty: hasSocial ? undefined : 'Соцсети не привязаны',
      confirm: {
        title: 'Удалить данные из соцсетей?',
        text: 'Отвяжем соцсети и сотрём данные, полученные от них. Входить можно будет по почте и паролю.',
        confirmText: 'Удалить данные',
        onConfirm: async () => {
          await eraseData('deleteSocialData');
          toast.success('Данные из соцсетей удалены');
        },
      },
    },
    {
      key: 'children',
      title: 'Профили детей',
      text: 'Имена, даты рождения, настройки и статистика уроков всех детей.',
      button: 'Удалить всех детей',
      empty: childCount > 0 ? undefined : 'Детей в профиле нет',
      confirm: {
        title: 'Удалить профили всех детей?',
        text: `Удалим ${pluralize(childCount, CHILDREN)} вместе с настройками и статистикой уроков. Отменить это нельзя.`,
        confirmText: 'Удалить детей',
        onConfirm: async () => {
          await eraseData('deleteChildren');
          toast.success('Профили детей удалены');
        },
      },
    },
    {
      key: 'account',
      title: 'Аккаунт целиком',
      text: caregiver
        ? 'Ваш профиль и привязки соцсетей. Дети, их успехи и подписка останутся у семьи.'
        : 'Ваш профиль, профили детей, их статистика и привязки соцсетей. Подписка перестанет действовать.',
      button: 'Удалить аккаунт',
      confirm: {
        title: 'Удалить аккаунт навсегда?',
        text: caregiver
          ? 'Сотрём ваш профиль, и вы выйдете из семьи. Дети и их успехи останутся у семьи.'
          : 'Сотрём все данные вашей семьи в школе. Восстановить их будет невозможно.',
        confirmText: 'Удалить аккаунт',
        prompt: profile.has_password
          ? {
              label: 'Введите пароль, чтобы подтвердить',
              type: 'password',
              autoComplete: 'current-password',
            }
          : {
              label: `Напишите ${DELETE_CONFIRMATION_WORD}, чтобы подтвердить`,
              expected: DELETE_CONFIRMATION_WORD,
              hint: 'Так мы убедимся, что аккаунт удаляете именно вы.',
            },
        onConfirm: async (value) => {
          await deleteAccount(profile.has_password ? { password: value } : { confirm: value });
          await leave();
        },
      },
    },
  ];

  return (
    <Panel
      title="Данные и конфиденциальность"
      description={
        <>
          {caregiver ? 'Вы можете удалить свои данные.' : 'Вы можете удалить любые данные семьи.'}{' '}
          Как мы их храним — в{' '}
          <Link to={pathTo('confidentiality-policy')}>политике конфиденциальности</Link>.
        </>
      }
      className={styles.privacy}
    >
      <ul className={styles.erasures} role="list">
        {erasures
          .filter((erasure) => !caregiver || erasure.key === 'social' || erasure.key === 'account')
          .map((erasure) => (
            <li key={erasure.key} className={styles.erasure}>
              <div className={styles.erasureText}>
                <h3 className={styles.erasureTitle}>{erasure.title}</h3>
                <p className={styles.hint}>{erasure.empty ?? erasure.text}</p>
              </div>
              <button
                type="button"
                className={styles.dangerButton}
                disabled={erasure.empty !== undefined}
                onClick={() => openModal('confirm', erasure.confirm)}
              >
                {erasure.button}
              </button>
            </li>
          ))}
      </ul>
    </Panel>
  );
}
