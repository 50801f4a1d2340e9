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
    // The rich text editor's buttons (ra-input-rich-text has no Russian of its own).
    tiptap: {
      align_left: 'По левому краю',
      align_right: 'По правому краю',
      align_center: 'По центру',
      align_justify: 'По ширине',
      blockquote: 'Цитата',
      bold: 'Жирный',
      clear_format: 'Убрать оформление',
      code: 'Код',
      color: 'Цвет',
      current_level: 'Текущий стиль',
      highlight: 'Выделение',
      image: 'Картинка',
      image_dialog: 'Адрес картинки',
      italic: 'Курсив',
      link: 'Ссылка',
      list_bulleted: 'Маркированный список',
      list_numbered: 'Нумерованный список',
      paragraph: 'Обычный текст',
      select_level: 'Стиль текста',
      strike: 'Зачёркнутый',
      underline: 'Подчёркнутый',
      heading1: 'Заголовок 1',
      heading2: 'Заголовок 2',
      heading3: 'Заголовок 3',
      heading4: 'Заголовок 4',
      heading5: 'Заголовок 5',
      heading6: 'Заголовок 6',
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
    landing: {
      name: 'Тексты главной |||| Тексты главной',
      fields: {
        key: 'Раздел',
        banner_description: 'Описание баннера',
        banner_text: 'Текст баннера',
        video_heading: 'Заголовок видео',
        video_link: 'Ссылка на видео',
        video_poster: 'Обложка видео',
        promo_button: 'Кнопка промо',
        promo_text: 'Текст промо',
        special_text: 'Специальный текст',
        offer_percent: 'Скидка в блоке предложения, %',
        key_values: 'Дополнительные значения',
        'key_values.key': 'Ключ',
        'key_values.value': 'Значение',
        updated_at: 'Изменено',
      },
    },
    pages: {
      name: 'Страница |||| Страницы',
      fields: {
        slug: 'Адрес',
        title: 'Заголовок',
        body_html: 'Текст',
        version: 'Версия',
        updated_at: 'Изменена',
      },
    },
    instructions: {
      name: 'Инструкция |||| Инструкции',
      fields: {
        slug: 'Адрес',
        title: 'Заголовок',
        body_html: 'Текст',
        position: 'Порядок',
        updated_at: 'Изменена',
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
