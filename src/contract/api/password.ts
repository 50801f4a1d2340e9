import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** A password being chosen (registration, reset, change): at least 8 characters, not only digits. */
export const newPasswordField = z
  .string()
  .min(1, 'Придумайте пароль')
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (value.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`,
      });
    } else if (value.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'Слишком длинный пароль' });
    } else if (/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Пароль не должен состоять только из цифр' });
    }
  });
