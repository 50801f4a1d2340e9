import { pluralize } from '@contract/plural';
import { greeting, note, p, type MailContent } from './content';

/** How long the reset link works; the accounts service issues its tokens for the same time. */
export const PASSWORD_RESET_LINK_MINUTES = 60;
const MINUTES = { one: 'минуту', few: 'минуты', many: 'минут' };

export function passwordResetMail(data: { name: string; url: string }): MailContent {
  return {
    subject: 'Восстановление пароля',
    preview: 'Ссылка, чтобы задать новый пароль в Школе Умняшек.',
    heading: 'Восстановление пароля',
    blocks: [
      greeting(data.name),
      p(
        'Мы получили просьбу восстановить пароль от вашего аккаунта в Школе Умняшек. ' +
          'Нажмите на кнопку и придумайте новый пароль.',
      ),
      { kind: 'button', label: 'Задать новый пароль', url: data.url },
      note(
        `Ссылка действует ${pluralize(PASSWORD_RESET_LINK_MINUTES, MINUTES)} и сработает только один раз.`,
      ),
      note(
        'Если это были не вы, ничего делать не нужно: пароль останется прежним, а ссылка скоро ' +
          'перестанет работать.',
      ),
    ],
    reason:
      'Вы получили это письмо, потому что на сайте Школы Умняшек запросили восстановление пароля ' +
      'для этого адреса.',
  };
}
