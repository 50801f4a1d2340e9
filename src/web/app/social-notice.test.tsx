// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SOCIAL_ERROR_MESSAGES, SOCIAL_ERROR_QUERY } from '@contract/api/oauth-values';
import { SOCIAL_ERROR_PARAM, SocialNotice } from './social-notice';
import { socialNotice } from './social-errors';
import { useModalStore } from '../components/modal/modal-store';
import { clearSession, setToken } from '../api/session';

beforeEach(() => {
  clearSession();
  useModalStore.setState({ name: null, props: undefined, onClose: undefined });
});
afterEach(cleanup);

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', Component: SocialNotice }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('social sign-in errors (issue 3, item 7)', () => {
  it("reads the contract's parameter", () => {
    expect(SOCIAL_ERROR_PARAM).toBe(SOCIAL_ERROR_QUERY);
  });

  it('a guest gets the login modal with the way out spelled out', () => {
    const view = socialNotice('email_taken', false);
    expect(view.kind).toBe('login');
    expect(view.message).toMatch(/Войдите с паролем, а потом привяжите социальную сеть в профиле/);
  });

  it('a parent linking from the profile gets a notice', () => {
    expect(socialNotice('linked_elsewhere', true)).toMatchObject({
      kind: 'notify',
      title: 'Аккаунт уже привязан',
    });
  });

  it('reads an unknown code as a failure', () => {
    expect(socialNotice('something-new', false)).toEqual({
      kind: 'login',
      message: SOCIAL_ERROR_MESSAGES.failed,
    });
  });

  it('opens the notice once and drops the parameter from the address', async () => {
    const router = renderAt('/?social_error=denied&utm_source=vk');
    await waitFor(() => expect(useModalStore.getState().name).toBe('login'));
    expect(router.state.location.search).toBe('?utm_source=vk');
    expect(useModalStore.getState()).toMatchObject({
      name: 'login',
      props: { notice: SOCIAL_ERROR_MESSAGES.denied },
    });
  });

  it('on the profile, a logged-in parent sees the global notice', async () => {
    setToken('mine');
    const router = renderAt('/personal/profile?social_error=linked_elsewhere');
    await waitFor(() => expect(useModalStore.getState().name).toBe('global-notify'));
    expect(router.state.location).toMatchObject({ pathname: '/personal/profile', search: '' });
  });
});
