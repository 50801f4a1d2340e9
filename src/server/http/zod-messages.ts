// Russian messages for every schema check that has no message of its own (docs/ARCHITECTURE.md). Zod's
// Russian locale covers the rest; the overrides below read better to a parent than "ожидалось string".
import { z } from 'zod';

const EXPECTED: Record<string, string> = {
  string: 'Ожидается текст',
  number: 'Ожидается число',
  int: 'Ожидается целое число',
  boolean: 'Ожидается «да» или «нет»',
  array: 'Ожидается список',
  object: 'Ожидается объект',
  date: 'Ожидается дата',
};

let installed = false;

export function installRussianZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({
    ...z.locales.ru(),
    customError: (issue) => {
      if (issue.code === 'invalid_type') {
        if (issue.input === undefined || issue.input === null) {
          return issue.path && issue.path.length > 0
            ? 'Обязательное поле'
            : 'Нет данных: ожидается JSON-объект';
        }
        return EXPECTED[issue.expected] ?? 'Неверный формат значения';
      }
      if (issue.code === 'unrecognized_keys') return 'Лишние поля в запросе';
      return undefined;
    },
  });
}
