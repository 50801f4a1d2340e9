import type { LoginBody, TokenResponse } from '@contract/api/auth';
import { api } from './client';
import { clearSession, loadProfile, setToken } from './session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { reloadPage } from '../lib/reload';

export interface LoginForm extends LoginBody {
  /** «Запомнить меня»: a screen-only choice, never sent (SPEC §5). */
  isSaveAuth?: boolean;
}

/** SPEC §5 / §7: POST /auth/login without the remember-me flag; success stores the token and loads the profile. */
export async function login(form: LoginForm): Promise<void> {
  const { isSaveAuth: _isSaveAuth, ...credentials } = form;
  const response = await api.post<TokenResponse>('auth/login', credentials);
  setToken(response.data.data.token);
  await loadProfile();
}

/** ARCHITECTURE §4: a social sign-in's one-time code becomes a login token. */
export async function exchangeUsertoken(usertoken: string): Promise<void> {
  const response = await api.post<TokenResponse>('auth/usertoken', { usertoken });
  setToken(response.data.data.token);
  void loadProfile();
}

/**
 * SPEC §4 logout: the server revokes the token, then the token and every other stored value of the
 * school are removed and the page reloads into a clean guest state.
 */
export async function logout(): Promise<void> {
  try {
    await api.get('auth/logout');
  } catch {
    // The token is dropped here whatever the server said: the parent asked to leave.
  }
  clearSession();
  clearStoredData();
  reloadPage();
}

function clearStoredData(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key !== null && key !== STORAGE_KEYS.token) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
