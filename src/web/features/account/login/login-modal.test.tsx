// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { ERROR_CODES } from '@contract/api/values';
import LoginModal from './login-modal';
import { useModalStore } from '../../../components/modal/modal-store';
import { clearSession, getToken } from '../../../api/session';
import { apiUrl, fieldError, seen, server, serveApiInTests } from '../../../testing/msw';

serveApiInTests();

beforeEach(() => {
  localStorage.clear();
  clearSession();
  useModalStore.setState({ name: 'login', props: undefined, onClose: undefined });
  server.use(
    http.post(apiUrl('auth/login'), () => HttpResponse.json({ data: { token: 'session' } })),
    http.get(apiUrl('profile/show'), () =>
      HttpResponse.json({ data: { name: 'Анна', email_verified: true } }),
    ),
  );
});
afterEach(cleanup);

function renderLogin(props: Record<string, unknown> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LoginModal {...props} />
    </QueryClientProvider>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('login modal (docs/PRODUCT.md «Product rules»)', () => {
  it('sends the credentials without the remember-me flag', async () => {
    renderLogin();
    fill('Электронная почта', 'Anna@Example.ru ');
    fill('Пароль', 'secret-password');
    expect((screen.getByLabelText('Запомнить меня') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(getToken()).toBe('session'));
    const call = seen.find((request) => request.url === 'auth/login');
    expect(await call?.body).toEqual({ email: 'anna@example.ru', password: 'secret-password' });
    expect(call?.authorization).toBeUndefined();
    await waitFor(() => expect(useModalStore.getState().name).toBeNull());
  });

  it('shows the one message for wrong credentials', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        fieldError('email', 'Неверная почта или пароль', { code: ERROR_CODES.invalidCredentials }),
      ),
    );
    renderLogin();
    fill('Электронная почта', 'anna@example.ru');
    fill('Пароль', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверная почта или пароль')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('«Забыли пароль?» opens the restore modal with the typed address', () => {
    renderLogin();
    fill('Электронная почта', 'anna@example.ru');
    fireEvent.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    expect(useModalStore.getState()).toMatchObject({
      name: 'password-restore',
      props: { email: 'anna@example.ru' },
    });
  });

  it('offers VK ID sign-in, and Facebook only when it is switched on', async () => {
    renderLogin();
    const vk = await screen.findByRole('button', { name: 'Войти через VK ID' });
    expect((vk as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Войти через Facebook' })).toBeNull();
  });

  it('shows why it was opened (a social sign-in that needs the password)', () => {
    renderLogin({ notice: 'Этот адрес почты уже зарегистрирован.', email: 'anna@example.ru' });
    expect(screen.getByRole('status').textContent).toBe('Этот адрес почты уже зарегистрирован.');
    expect((screen.getByLabelText('Электронная почта') as HTMLInputElement).value).toBe(
      'anna@example.ru',
    );
  });
});
