// Plain values of the API contract, free of zod: the browser's entry chunk imports these without pulling
// in the schema library (the landing's JavaScript budget). Schema files should re-export from here.

/** SPEC §8: the client reloads the page when errors.error[0] is exactly this. */
export const ALREADY_AUTHENTICATED = 'Already authenticated';

/** Russian messages for the statuses the API returns (ARCHITECTURE §4). */
export const STATUS_MESSAGES = {
  400: 'Некорректный запрос',
  401: 'Войдите в личный кабинет',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  409: 'Конфликт данных',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат данных',
  422: 'Проверьте введённые данные',
  429: 'Слишком много запросов. Попробуйте чуть позже',
  500: 'Что-то пошло не так. Мы уже разбираемся',
  503: 'Сервис временно недоступен',
} as const;

/** The age group the programs section opens with (SPEC §2: programs → main-program two-three). */
export const DEFAULT_AGE_GROUP_SLUG = 'two-three';
