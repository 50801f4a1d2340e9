// The mailing categories a parent can choose from. Titles and descriptions are edited in the back office;
// the slugs are what the code and the campaigns refer to.
import { MAILING_CATEGORY_SLUGS } from '@contract/api/mailing';
import type { SeedMailingCategory } from './types';

export const mailingCategories: SeedMailingCategory[] = [
  {
    slug: MAILING_CATEGORY_SLUGS.lessonReminders,
    title: 'Напоминания о занятиях',
    description: 'Письмо, когда у ребёнка открывается новая неделя уроков.',
    requires_consent: false,
  },
  {
    slug: MAILING_CATEGORY_SLUGS.weeklyLetter,
    title: 'Письмо недели',
    description:
      'По воскресеньям вечером: что ребёнок посмотрел за неделю, что будет дальше и чем заняться вместе дома.',
    requires_consent: false,
  },
  {
    slug: MAILING_CATEGORY_SLUGS.news,
    title: 'Новости школы',
    description: 'Новые программы, уроки и всё, что изменилось в школе. Не чаще раза в месяц.',
    requires_consent: true,
  },
  {
    slug: MAILING_CATEGORY_SLUGS.tips,
    title: 'Советы родителям',
    description: 'Как заниматься с ребёнком дома: игры, упражнения и ответы педагогов.',
    requires_consent: true,
  },
  {
    slug: MAILING_CATEGORY_SLUGS.offers,
    title: 'Скидки и акции',
    description: 'Промокоды и специальные предложения для подписчиков.',
    requires_consent: true,
  },
];
