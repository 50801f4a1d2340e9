// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { MAILING_CONSENT } from '@contract/api/auth';
import { ERROR_CODES } from '@contract/api/values';
import RegisterModal from './register-modal';
import { clearSession, getToken } from '../../../api/session';
import { apiUrl, fieldError, seen, server, serveApiInTests } from '../../../testing/msw';

serveApiInTests();

beforeEach(() => {
  localStorage.clear();
  clearSession();
  window.history.replaceState(null, '', '/?ref=FRIEND&utm_source=vk');
  server.use(
    http.post(apiUrl('auth/register'), () =>
      HttpResponse.json({ data: { token: 'new-parent' } }, { status: 201 }),
    ),
    http.get(apiUrl('profile/show'), () =>
      HttpResponse.json({ data: { name: 'Анна', email_verified: false } }),
    ),
    http.get(apiUrl('page/personal-data-consent'), () =>
      HttpResponse.json({
        data: {
          slug: 'personal-data-consent',
          title: 'Согласие на обработку персональных данных',
          body_html: '<p>Я, субъект персональных данных…</p>',
          version: '3',
          updated_at: '2026-01-01T00:00:00Z',
        },
      }),
    ),
  );
});
afterEach(cleanup);

function renderRegister() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RegisterModal />
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const consent = () => input('Даю согласие на обработку моих персональных данных');
const mailing = () => screen.getByRole('checkbox', { name: new RegExp(MAILING_CONSENT.text) });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

function fillValid() {
  fill('Имя', 'Анна');
  fill('Электронная почта', 'anna@example.ru');
  fill('Пароль', 'umnyashki8');
}

describe('register modal (issue 3, item 1)', () => {
  it('has both consents unticked: the mailing one is optional', () => {
    renderRegister();
    expect(consent().checked).toBe(false);
    expect((mailing() as HTMLInputElement).checked).toBe(false);
  });

  it('does not send without the personal-data consent', async () => {
    renderRegister();
    fillValid();
    submit();
    expect(
      await screen.findByText(
        'Без согласия на обработку персональных данных зарегистрироваться нельзя',
      ),
    ).toBeTruthy();
    expect(seen.some((request) => request.url.startsWith('auth/register'))).toBe(false);
  });

  it('checks the password rule before sending', async () => {
    renderRegister();
    fillValid();
    fill('Пароль', '12345678');
    fireEvent.click(consent());
    submit();
    expect(await screen.findByText('Пароль не должен состоять только из цифр')).toBeTruthy();
    fill('Пароль', 'short');
    submit();
    expect(await screen.findByText('Пароль должен быть не короче 8 символов')).toBeTruthy();
  });

  it("sends the form with the page's query and welcomes the parent", async () => {
    renderRegister();
    fillValid();
    fireEvent.click(consent());
    fireEvent.click(mailing());
    submit();
    expect(await screen.findByRole('heading', { name: 'Добро пожаловать, Анна!' })).toBeTruthy();
    expect(screen.getByText('anna@example.ru')).toBeTruthy();
    const call = seen.find((request) => request.method === 'POST');
    expect(call?.url).toBe('auth/register?ref=FRIEND&utm_source=vk');
    expect(await call?.body).toEqual({
      name: 'Анна',
      email: 'anna@example.ru',
      password: 'umnyashki8',
      consent_personal_data: true,
      consent_mailing: true,
    });
    expect(getToken()).toBe('new-parent');
  });

  it('takes an address on a Cyrillic domain: sends it in punycode, shows it back in Cyrillic', async () => {
    renderRegister();
    fillValid();
    fill('Электронная почта', ' Оля@ПОЧТА.РФ ');
    fireEvent.click(consent());
    submit();
    expect(await screen.findByRole('heading', { name: 'Добро пожаловать, Анна!' })).toBeTruthy();
    expect(screen.getByText('оля@почта.рф')).toBeTruthy();
    const call = seen.find((request) => request.method === 'POST');
    expect(await call?.body).toMatchObject({ email: 'оля@xn--80a1acny.xn--p1ai' });
  });

  it("shows the server's field errors under the fields, with a way to log in", async () => {
    server.use(
      http.post(apiUrl('auth/register'), () =>
        fieldError('email', 'Этот адрес уже зарегистрирован. Войдите или восстановите пароль.', {
          code: ERROR_CODES.emailTaken,
        }),
      ),
    );
    renderRegister();
    fillValid();
    fireEvent.click(consent());
    submit();
    expect(
      await screen.findByText('Этот адрес уже зарегистрирован. Войдите или восстановите пароль.'),
    ).toBeTruthy();
    expect(input('Электронная почта').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Восстановить пароль' })).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('opens the consent document in place and keeps what was typed', async () => {
    renderRegister();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Текст согласия' }));
    expect(await screen.findByText('Я, субъект персональных данных…')).toBeTruthy();
    const [back] = screen.getAllByRole('button', { name: 'Вернуться к регистрации' });
    if (!back) throw new Error('no way back to the form');
    fireEvent.click(back);
    await waitFor(() => expect(input('Имя').value).toBe('Анна'));
    expect(input('Пароль').value).toBe('umnyashki8');
  });

  it('Escape while reading the consent goes back to the form, not out of the registration', async () => {
    renderRegister();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Текст согласия' }));
    expect(await screen.findByText('Я, субъект персональных данных…')).toBeTruthy();
    // What the browser fires on the dialog when Escape is pressed.
    const dialog = screen.getByRole('dialog', { hidden: true });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByText('Я, субъект персональных данных…')).toBeNull());
    expect(screen.getByRole('dialog', { hidden: true })).toBe(dialog);
    expect(input('Имя').value).toBe('Анна');
    expect(input('Пароль').value).toBe('umnyashki8');
  });

  it('shows and hides the password', () => {
    renderRegister();
    const toggle = screen.getByRole('button', { name: 'Показать символы' });
    expect(input('Пароль').type).toBe('password');
    fireEvent.click(toggle);
    expect(input('Пароль').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
