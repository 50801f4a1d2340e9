import { SOCIAL_ERROR_MESSAGES, SOCIAL_ERRORS, type SocialError } from '@contract/api/oauth-values';

/** What the parent sees after a social sign-in or link came back with `?social_error=<code>`. */
export type SocialNoticeView =
  /** A guest: the login modal with the reason above the form, so the next step is right there. */
  | { kind: 'login'; message: string }
  /** A logged-in parent linking from the profile: a notice. */
  | { kind: 'notify'; title: string; message: string };

function isSocialError(code: string): code is SocialError {
  return (SOCIAL_ERRORS as readonly string[]).includes(code);
}

// The contract's texts, with the way out spelled out where the parent has something to do.
const GUEST_MESSAGES: Record<SocialError, string> = {
  ...SOCIAL_ERROR_MESSAGES,
  email_taken:
    'Этот адрес почты уже зарегистрирован в Школе Умняшек. Войдите с паролем, а потом привяжите социальную сеть в профиле — и дальше входите в один клик.',
};

const LINK_TITLES: Record<SocialError, string> = {
  denied: 'Привязка отменена',
  failed: 'Не удалось привязать',
  expired: 'Время вышло',
  email_taken: 'Не удалось привязать',
  linked_elsewhere: 'Аккаунт уже привязан',
  disabled: 'Привязка недоступна',
};

const LINK_MESSAGES: Record<SocialError, string> = {
  ...SOCIAL_ERROR_MESSAGES,
  denied: 'Привязка отменена: доступ к данным не был разрешён.',
  failed: 'Не удалось привязать социальную сеть. Попробуйте ещё раз чуть позже.',
  expired: 'Время на привязку истекло. Нажмите кнопку привязки ещё раз.',
  email_taken: 'Этот аккаунт социальной сети нельзя привязать к вашему профилю.',
  linked_elsewhere:
    'Этот аккаунт социальной сети уже привязан к другому профилю Школы Умняшек. Войдите в тот профиль и отвяжите его там — или привяжите другой аккаунт.',
};

/** Maps a returned code to the view; an unknown code reads as a failure. */
export function socialNotice(code: string, loggedIn: boolean): SocialNoticeView {
  const known: SocialError = isSocialError(code) ? code : 'failed';
  if (!loggedIn) return { kind: 'login', message: GUEST_MESSAGES[known] };
  return { kind: 'notify', title: LINK_TITLES[known], message: LINK_MESSAGES[known] };
}
