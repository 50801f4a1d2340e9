// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { installRequestErrors } from '../../../testing/request-errors';
import { apiUrl, fieldError, seen, server, serveApiInTests } from '../../../testing/msw';
import { childOf, renderForFamily } from '../../../testing/family-fixtures';
import { PasswordForm } from './password-form';

serveApiInTests();
beforeAll(() => installRequestErrors());
afterEach(() => cleanup());

const EMAIL = 'mama@example.ru';
const changeButton = () => screen.getByRole('button', { name: /пароль/i });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const passwordCalls = () => seen.filter((r) => r.url === 'profile/password');

describe('the profile’s password form', () => {
  it('asks for the current password before it sends anything', async () => {
    renderForFamily(<PasswordForm hasPassword email={EMAIL} />, [childOf(1, 'Маша')]);
    fireEvent.change(field('Новый пароль'), { target: { value: 'Novyi-parol-2026' } });
    fireEvent.click(changeButton());
    expect(await screen.findByText('Введите текущий пароль')).toBeTruthy();
    expect(passwordCalls()).toHaveLength(0);
  });

  it('sends the current and the new password and empties both fields', async () => {
    server.use(
      http.post(apiUrl('profile/password'), () => new HttpResponse(null, { status: 204 })),
    );
    renderForFamily(<PasswordForm hasPassword email={EMAIL} />, [childOf(1, 'Маша')]);
    fireEvent.change(field('Текущий пароль'), { target: { value: 'Staryi-parol-2025' } });
    fireEvent.change(field('Новый пароль'), { target: { value: 'Novyi-parol-2026' } });
    fireEvent.click(changeButton());
    await waitFor(() => expect(field('Новый пароль').value).toBe(''));
    expect(field('Текущий пароль').value).toBe('');
    expect(await passwordCalls()[0]?.body).toEqual({
      current_password: 'Staryi-parol-2025',
      password: 'Novyi-parol-2026',
    });
  });

  it('shows the server’s word under the field it is about, and drops it once the field changes', async () => {
    server.use(
      http.post(apiUrl('profile/password'), () =>
        fieldError('current_password', 'Текущий пароль введён неверно'),
      ),
    );
    renderForFamily(<PasswordForm hasPassword email={EMAIL} />, [childOf(1, 'Маша')]);
    fireEvent.change(field('Текущий пароль'), { target: { value: 'ne-tot-parol' } });
    fireEvent.change(field('Новый пароль'), { target: { value: 'Novyi-parol-2026' } });
    fireEvent.click(changeButton());
    expect(await screen.findByText('Текущий пароль введён неверно')).toBeTruthy();
    expect(field('Текущий пароль').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field('Текущий пароль'), { target: { value: 'drugoi-parol' } });
    expect(screen.queryByText('Текущий пароль введён неверно')).toBeNull();
  });

  it('lets an account without a password set its first one, asking nothing else', async () => {
    server.use(
      http.post(apiUrl('profile/password'), () => new HttpResponse(null, { status: 204 })),
    );
    renderForFamily(<PasswordForm hasPassword={false} email={EMAIL} />, [childOf(1, 'Маша')]);
    expect(screen.queryByLabelText('Текущий пароль')).toBeNull();
    fireEvent.change(field('Пароль'), { target: { value: 'Pervyi-parol-2026' } });
    fireEvent.click(changeButton());
    await waitFor(() => expect(passwordCalls()).toHaveLength(1));
    expect(await passwordCalls()[0]?.body).toEqual({ password: 'Pervyi-parol-2026' });
  });
});
