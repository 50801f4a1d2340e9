// react-admin in Russian: its own texts from ra-language-russian, the school's resource names beside them.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';

const messages = {
  ...russianMessages,
  // «Ёлочки», not straight quotes, in the titles.
  ra: {
    ...russianMessages.ra,
    page: {
      ...russianMessages.ra.page,
      edit: '%{name} «%{recordRepresentation}»',
      show: '%{name} «%{recordRepresentation}»',
    },
  },
  resources: {
    campaigns: {
      name: 'Кампания |||| Кампании',
      fields: {
        category_id: 'Рассылка',
        subject: 'Тема письма',
        body: 'Текст письма',
        button_label: 'Надпись на кнопке',
        button_url: 'Ссылка кнопки',
        status: 'Статус',
        created_at: 'Создана',
        started_at: 'Отправка начата',
        finished_at: 'Отправка закончена',
        recipients: 'Получателей',
        sent: 'Отправлено',
        pending: 'В очереди',
        skipped: 'Пропущено',
        failed: 'Не ушло',
        unsubscribed: 'Отписались по письму',
      },
    },
    'mailing-categories': {
      name: 'Категория рассылки |||| Категории рассылок',
      fields: {
        title: 'Название',
        slug: 'Код',
        description: 'Описание',
        requires_consent: 'Реклама (нужно согласие)',
        subscribers: 'Получают',
        unsubscribed: 'Отписались',
      },
    },
    'support-requests': {
      name: 'Обращение |||| Обращения',
      fields: {
        id: '№',
        name: 'Имя',
        email: 'Почта',
        message: 'Сообщение',
        status: 'Статус',
        answer: 'Ответ',
        answered_at: 'Ответили',
        created_at: 'Пришло',
        q: 'Поиск по имени и почте',
      },
    },
    audit: {
      name: 'Запись журнала |||| Журнал действий',
      fields: {
        created_at: 'Когда',
        actor_email: 'Кто',
        action: 'Действие',
        resource: 'Раздел',
        record_id: 'Запись',
        summary: 'Что изменилось',
      },
    },
    deliveries: {
      fields: {
        email: 'Получатель',
        status: 'Статус',
        note: 'Причина',
        sent_at: 'Отправлено',
        unsubscribed_at: 'Отписался',
      },
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'ru', [
  { locale: 'ru', name: 'Русский' },
]);
