import type {
  LoginBody,
  PasswordEmailBody,
  PasswordResetBody,
  RegisterBody,
  SocialNetwork,
  TokenResponse,
} from '@contract/api/auth';
import type { OAuthUrlResponse, SocialSignupBody, SocialSignupResponse } from '@contract/api/oauth';
import { api } from './client';
import { runBeforeSignOut } from './sign-out-hooks';
import { clearSession, getToken, loadProfile, setToken } from './session';
import { readStorage, STORAGE_KEYS } from '../lib/storage-keys';
import { reloadPage } from '../lib/reload';
import { forgetAllKept } from '../lib/kept-lessons';
import { registrationQuery } from '../lib/referrer';

export interface LoginForm extends LoginBody {
  /** «Запомнить меня»: a screen-only choice, never sent (docs/PRODUCT.md «Product rules»). */
  isSaveAuth?: boolean;
}

/** docs/PRODUCT.md «Product rules»: POST /auth/login without the remember-me flag; success stores the token and loads the profile. */
export async function login(form: LoginForm): Promise<void> {
  const { isSaveAuth: _isSaveAuth, ...credentials } = form;
  const response = await api.post<TokenResponse>('auth/login', credentials);
  setToken(response.data.data.token);
  await loadProfile();
}

/**
 * docs/ARCHITECTURE.md: a social sign-in's one-time code becomes a login token. The server takes the code only
 * with the HttpOnly cookie its callback gave this browser; the request is same-origin, so it goes along.
 */
export async function exchangeUsertoken(usertoken: string): Promise<void> {
  const response = await api.post<TokenResponse>('auth/usertoken', { usertoken });
  setToken(response.data.data.token);
  void loadProfile();
}

/**
 * docs/PRODUCT.md «Product rules» `POST /auth/register` plus the page's query string. The new parent is logged in at once: the
 * token is stored and the profile loaded.
 */
export async function register(
  body: RegisterBody,
  search: string = window.location.search,
): Promise<void> {
  const query = registrationQuery(search);
  const response = await api.post<TokenResponse>(
    query ? `auth/register?${query}` : 'auth/register',
    body,
    { headers: tokenOfAnotherTab() },
  );
  setToken(response.data.data.token);
  await loadProfile();
}

/**
 * A token another tab stored after this one loaded. Sent with registration so the server answers
 * 'Already authenticated' and the page reloads as that parent (docs/ARCHITECTURE.md «Error codes») instead of creating a second
 * account from a stale guest page.
 */
function tokenOfAnotherTab(): Record<string, string> {
  const stored = readStorage(STORAGE_KEYS.token);
  return stored && !getToken() ? { Authorization: `Bearer ${stored}` } : {};
}

/** docs/PRODUCT.md «Product rules» `GET auth/register/verification?verified_token` — the link of the confirmation mail. */
export async function verifyEmail(verifiedToken: string): Promise<void> {
  await api.get('auth/register/verification', { params: { verified_token: verifiedToken } });
}

/** docs/PRODUCT.md «Product rules» `POST auth/resend-verification-link`, no body; rate-limited on the server (429). */
export async function resendVerificationLink(): Promise<void> {
  await api.post('auth/resend-verification-link', undefined, { handlesErrors: true });
}

/** docs/PRODUCT.md «Product rules» `POST auth/password/email`: the same answer whether or not the address is registered. */
export async function requestPasswordReset(body: PasswordEmailBody): Promise<void> {
  await api.post('auth/password/email', body);
}

/** docs/PRODUCT.md «Product rules» `POST auth/password/reset`: every session of the account is revoked on success. */
export async function resetPassword(body: PasswordResetBody): Promise<void> {
  await api.post('auth/password/reset', body);
}

/**
 * docs/PRODUCT.md «Product rules» `GET /auth/{vk,fb}-oauth` → the provider's authorize page; the browser leaves for it and
 * comes back through the server's callback with `?usertoken=` or `?social_error=`.
 */
export async function startSocialSignIn(provider: SocialNetwork): Promise<void> {
  const response = await api.get<OAuthUrlResponse>(`auth/${provider}-oauth`);
  window.location.assign(response.data.data.url);
}

/** The person about to join through a social network (the consent step); the screen shows its errors. */
export async function showSocialSignup(): Promise<SocialSignupResponse['data']> {
  const response = await api.get<SocialSignupResponse>('auth/social-signup', {
    handlesErrors: true,
  });
  return response.data.data;
}

/**
 * The consent step accepted: the server makes the account (the HttpOnly cookie of the provider's
 * callback says whose), and the new parent is signed in.
 */
export async function acceptSocialSignup(body: SocialSignupBody): Promise<void> {
  const response = await api.post<TokenResponse>('auth/social-signup', body, {
    handlesErrors: true,
  });
  setToken(response.data.data.token);
  await loadProfile();
}

/** The consent step refused: what the provider gave is deleted on the server. */
export async function cancelSocialSignup(): Promise<void> {
  await api.post('auth/social-signup/cancel', undefined, { handlesErrors: true });
}

/**
 * docs/PRODUCT.md «Product rules» logout: the server revokes the token, then the token and every other stored value of the
 * school are removed and the page reloads into a clean guest state.
 */
export async function logout(): Promise<void> {
  // Progress watched offline goes to the school first: below, the device forgets the family's data.
  await runBeforeSignOut();
  try {
    await api.get('auth/logout');
  } catch {
    // The token is dropped here whatever the server said: the parent asked to leave.
  }
  clearSession();
  clearStoredData();
  // Lessons kept for the road are the family's: none stays on the device after signing out.
  await forgetAllKept().catch(() => undefined);
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
