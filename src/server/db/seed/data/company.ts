import { NBSP } from './typography';

// The demo operator of the school. Every legal detail here is a placeholder and says so on screen:
// a real deployment replaces this file before going live.
export const company = {
  shortName: 'ООО «Умняшки»',
  fullName: 'Общество с ограниченной ответственностью «Умняшки»',
  /** «даю согласие кому»: the full name in the dative. */
  fullNameDative: 'Обществу с ограниченной ответственностью «Умняшки»',
  inn: '7700000000',
  ogrn: '1207700000000',
  address: `123456, г.${NBSP}Москва, ул.${NBSP}Примерная, д.${NBSP}1, офис${NBSP}10`,
  email: 'help@umnyashki.ru',
  phone: `8${NBSP}800${NBSP}000-00-00`,
  phoneHref: 'tel:+78000000000',
  site: 'umnyashki.ru',
  /** Moscow time, every day. */
  supportHours: `ежедневно с${NBSP}9:00 до${NBSP}21:00 по${NBSP}московскому времени`,
} as const;
