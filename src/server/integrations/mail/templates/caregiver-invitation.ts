import { CAREGIVER_INVITATION_DAYS } from '@contract/api/values';
import { pluralize } from '@contract/plural';
import { note, p, type MailContent } from './content';

const DAYS = { one: 'день', few: 'дня', many: 'дней' };

/** docs/PRODUCT.md «Grown-ups of a family»: a parent invites a grandparent or a nanny into the family. */
export function caregiverInvitationMail(data: { owner: string; url: string }): MailContent {
  return {
    subject: `${data.owner} приглашает вас в Школу Умняшек`,
    preview: 'Смотрите уроки вместе с ребёнком и следите за его успехами.',
    heading: 'Приглашение в семью',
    blocks: [
      p('Здравствуйте!'),
      p(
        `${data.owner} приглашает вас в свою семью в Школе Умняшек. Вы сможете включать ребёнку ` +
          'видеоуроки, видеть его успехи и наклейки, настраивать напоминания и экранное время.',
      ),
      p(
        'Оплата и подписка остаются у родителя: вам ничего покупать не нужно. Войдите или ' +
          'зарегистрируйтесь по ссылке — это займёт минуту.',
      ),
      { kind: 'button', label: 'Принять приглашение', url: data.url },
      note(
        `Ссылка действует ${pluralize(CAREGIVER_INVITATION_DAYS, DAYS)} и сработает один раз. ` +
          'Если она устарела, попросите родителя прислать приглашение ещё раз.',
      ),
    ],
    reason:
      'Вы получили это письмо, потому что родитель в Школе Умняшек указал этот адрес, приглашая вас ' +
      'в семью. Если вы этого не ждали, просто не открывайте ссылку.',
  };
}
