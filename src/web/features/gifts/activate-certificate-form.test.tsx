// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ERROR_CODES } from '@contract/api/values';
import { installRequestErrors } from '../../testing/request-errors';
import {
  apiUrl,
  errorResponse,
  fieldError,
  seen,
  server,
  serveApiInTests,
} from '../../testing/msw';
import { ActivateCertificateForm } from './activate-certificate-form';
import { renderGiftScreen } from '../../testing/gift-fixtures';

serveApiInTests();
beforeAll(() => installRequestErrors());
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const activateButton = () => screen.getByRole('button', { name: 'Активировать' });

describe('certificate activation', () => {
  it('shows the code upper case as typed and activates it, saying until when', async () => {
    sessionStorage.setItem('certificate-code', 'AAAA-BBBB-CCCC');
    server.use(
      http.post(apiUrl('store/subscription/activate'), () =>
        HttpResponse.json(
          {
            data: {
              id: 1,
              source: 'gift',
              is_free: false,
              amount_children: 1,
              starts_at: '2026-05-01T09:00:00.000Z',
              ends_at: '2026-11-01T09:00:00.000Z',
            },
          },
          { status: 201 },
        ),
      ),
    );
    renderGiftScreen(<ActivateCertificateForm initialCode={null} />, { parent: true });
    const field = screen.getByLabelText('Код сертификата') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '7kqm 2x9d ht4w' } });
    expect(field.value).toBe('7KQM 2X9D HT4W');
    fireEvent.click(activateButton());
    expect((await screen.findByRole('status')).textContent).toBe(
      'Подарок активирован: подписка до 1 ноября 2026',
    );
    expect(await seen.find((r) => r.url === 'store/subscription/activate')?.body).toEqual({
      code: '7KQM 2X9D HT4W',
    });
    expect(screen.getByRole('link', { name: 'К урокам' }).getAttribute('href')).toBe('/video');
    expect(screen.getByRole('button', { name: 'Добавить ребёнка' })).toBeTruthy();
    // The code is used: nothing keeps it for the tab any more.
    expect(sessionStorage.getItem('certificate-code')).toBeNull();
  });

  it('pre-fills the code it was given and shows the server’s reason under the field', async () => {
    server.use(
      http.post(apiUrl('store/subscription/activate'), () =>
        fieldError('code', 'Такого кода нет — проверьте, нет ли опечатки'),
      ),
    );
    renderGiftScreen(<ActivateCertificateForm initialCode="aaaa-bbbb-cccc" />, { parent: true });
    const field = screen.getByLabelText('Код сертификата') as HTMLInputElement;
    expect(field.value).toBe('AAAA-BBBB-CCCC');
    fireEvent.click(activateButton());
    expect(await screen.findByText('Такого кода нет — проверьте, нет ли опечатки')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('says to wait after too many wrong codes', async () => {
    server.use(
      http.post(apiUrl('store/subscription/activate'), () =>
        errorResponse(429, {
          code: ERROR_CODES.rateLimited,
          message: 'Слишком много попыток. Попробуйте через 15 минут.',
          errors: { error: ['Слишком много попыток. Попробуйте через 15 минут.'] },
        }),
      ),
    );
    renderGiftScreen(<ActivateCertificateForm initialCode="ZZZZ-ZZZZ-ZZZZ" />, { parent: true });
    fireEvent.click(activateButton());
    expect(
      await screen.findByText('Слишком много попыток. Попробуйте через 15 минут.'),
    ).toBeTruthy();
  });

  it('asks for a code before sending anything', async () => {
    renderGiftScreen(<ActivateCertificateForm initialCode={null} />, { parent: true });
    fireEvent.click(activateButton());
    expect(await screen.findByText('Введите код сертификата')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });
});
