import { pluralize } from '@contract/plural';
import { greeting, note, p, type MailContent } from './content';

/** How long an invitation link works; the back office issues its links for the same time. */
export const STAFF_INVITATION_LINK_HOURS = 24;
const HOURS = { one: 'час', few: 'часа', many: 'часов' };

/** The role as the letter names it: «вас пригласили … как администратора». */
const ROLE_AS = {
  admin: 'администратора',
  editor: 'редактора',
  support: 'сотрудника поддержки',
} as const;

export function staffInvitationMail(data: {
  name: string;
  role: keyof typeof ROLE_AS;
  url: string;
  set_password: boolean;
}): MailContent {
  return {
    subject: 'Приглашение в админку Школы Умняшек',
    preview: 'Ссылка, чтобы войти в админку школы: пароль и приложение-аутентификатор.',
    heading: 'Приглашение в админку',
    blocks: [
      greeting(data.name),
      p(`Вас пригласили в админку Школы Умняшек в роли ${ROLE_AS[data.role]}.`),
      p(
        data.set_password
          ? 'По ссылке вы придумаете пароль и подключите приложение-аутентификатор ' +
              '(Яндекс Ключ, Google Authenticator): его код админка будет спрашивать при каждом входе.'
          : 'Пароль останется прежним — тот, с которым вы входите на сайт. По ссылке вы подключите ' +
              'приложение-аутентификатор (Яндекс Ключ, Google Authenticator): его код админка будет ' +
              'спрашивать при каждом входе.',
      ),
      { kind: 'button', label: 'Принять приглашение', url: data.url },
      note(
        `Ссылка действует ${pluralize(STAFF_INVITATION_LINK_HOURS, HOURS)} и сработает только один раз. ` +
          'Если она устарела, попросите администратора прислать приглашение ещё раз.',
      ),
    ],
    reason:
      'Вы получили это письмо, потому что администратор Школы Умняшек пригласил этот адрес в админку. ' +
      'Если вы этого не ждали, просто не открывайте ссылку.',
  };
}
