import { pluralize } from '@contract/plural';
import { greeting, note, p, type MailContent } from './content';

/** How long the confirmation link works; the accounts service issues its tokens for the same time. */
export const CONFIRMATION_LINK_HOURS = 24;
const HOURS = { one: 'час', few: 'часа', many: 'часов' };

export function confirmationMail(data: {
  name: string;
  url: string;
  added?: boolean | undefined;
}): MailContent {
  if (data.added) return addedAddressMail(data);
  return {
    subject: 'Подтвердите адрес почты',
    preview: 'Один щелчок — и письма о занятиях будут приходить по адресу.',
    heading: 'Подтвердите адрес почты',
    blocks: [
      greeting(data.name),
      p(
        'Спасибо, что присоединились к Школе Умняшек! Осталось подтвердить адрес почты — ' +
          'так мы будем уверены, что письма о занятиях и подписке дойдут до вас.',
      ),
      { kind: 'button', label: 'Подтвердить адрес', url: data.url },
      note(
        `Ссылка действует ${pluralize(CONFIRMATION_LINK_HOURS, HOURS)}. Если она устарела, войдите на ` +
          'сайт и запросите письмо ещё раз.',
      ),
    ],
    reason:
      'Вы получили это письмо, потому что этот адрес указали при регистрации в Школе Умняшек. ' +
      'Если это были не вы, просто не обращайте на него внимания.',
  };
}

/** The address typed in the profile of an account made through a social network that shared none. */
function addedAddressMail(data: { name: string; url: string }): MailContent {
  return {
    subject: 'Подтвердите адрес почты',
    preview: 'Один щелчок — и этот адрес станет адресом вашего аккаунта.',
    heading: 'Подтвердите адрес почты',
    blocks: [
      greeting(data.name),
      p(
        'Этот адрес указали в профиле Школы Умняшек. Подтвердите его — и на него будут приходить ' +
          'письма о занятиях и подписке, а войти можно будет и по почте с паролем.',
      ),
      { kind: 'button', label: 'Подтвердить адрес', url: data.url },
      note(
        `Ссылка действует ${pluralize(CONFIRMATION_LINK_HOURS, HOURS)}. Пока адрес не подтверждён, ` +
          'он не станет адресом аккаунта.',
      ),
    ],
    reason:
      'Вы получили это письмо, потому что этот адрес указали в профиле Школы Умняшек. ' +
      'Если это были не вы, просто не обращайте на него внимания: без подтверждения ничего не изменится.',
  };
}
