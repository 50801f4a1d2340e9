// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LandingModalFromRoute } from './landing-route';
import { useModalStore } from '../components/modal/modal-store';

beforeEach(() => {
  useModalStore.setState({ name: null, props: undefined, onClose: undefined });
});
afterEach(cleanup);

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/:modal?', Component: LandingModalFromRoute }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('tokens of the mail links leave the address once read', () => {
  it('the reset link: the modal gets token and e-mail, the address keeps neither', async () => {
    const router = renderAt(
      '/password-reset?token=secret-token&email=anna%40example.ru&utm_source=mail',
    );
    await waitFor(() => expect(useModalStore.getState().name).toBe('password-reset'));
    expect(useModalStore.getState().props).toMatchObject({
      token: 'secret-token',
      email: 'anna@example.ru',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?utm_source=mail'));
    expect(router.state.location.pathname).toBe('/password-reset');
    // Replaced, not pushed: going back does not find the token either.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useModalStore.getState().name).toBe('password-reset');
  });

  it('the confirmation link: verified_token is read, then gone', async () => {
    const router = renderAt('/confirmed?verified_token=secret-token');
    await waitFor(() => expect(useModalStore.getState().name).toBe('email-confirmed'));
    expect(useModalStore.getState().props).toMatchObject({ verified_token: 'secret-token' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/confirmed');
  });

  it('an address without secrets is left as it is', async () => {
    const router = renderAt('/fail-payment?orderId=abc');
    await waitFor(() => expect(useModalStore.getState().name).toBe('fail-payment'));
    expect(router.state.location.search).toBe('?orderId=abc');
    expect(router.state.historyAction).toBe('POP');
  });
});
