import { create } from 'zustand';
import { api } from './client';
import { removeStorage, readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';
import type { Profile } from '@contract/api/auth';
import { SSR_STATE_ID } from '@contract/ssr';

export type { Profile } from '@contract/api/auth';

/** docs/PRODUCT.md «Product rules» data loading statuses. */
export type LoadStatus = 'INITIAL' | 'LOADING' | 'LOADED' | 'FAILED';

interface SessionState {
  token: string | null;
  profile: Profile | null;
  /** Status of the profile load. A guest has nothing to load, so a guest's session is LOADED at once. */
  status: LoadStatus;
}

/**
 * A page rendered on the server was rendered for a guest (the server cannot see the stored token): the
 * session starts as a guest's so hydration matches, and the stored login is taken up right after.
 */
const renderedOnServer = (): boolean =>
  typeof document !== 'undefined' && document.getElementById(SSR_STATE_ID) !== null;

function initialState(): SessionState {
  const token = renderedOnServer() ? null : readStorage(STORAGE_KEYS.token);
  return { token, profile: null, status: token ? 'INITIAL' : 'LOADED' };
}

export const useSessionStore = create<SessionState>(initialState);

/** The parent's session: logged in means a token is stored; the profile follows once loaded. */
export function useSession(): { isLoggedIn: boolean; profile: Profile | null; status: LoadStatus } {
  const token = useSessionStore((s) => s.token);
  const profile = useSessionStore((s) => s.profile);
  const status = useSessionStore((s) => s.status);
  return { isLoggedIn: token !== null, profile, status };
}

export function isLoggedIn(): boolean {
  return useSessionStore.getState().token !== null;
}

export function getToken(): string | null {
  return useSessionStore.getState().token;
}

/** Stores the login token (docs/PRODUCT.md «Product rules» "Auth: success (token set)"). */
export function setToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token);
  useSessionStore.setState({ token, status: 'INITIAL' });
}

/** Forgets the token and the profile in this tab without calling the server. */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token);
  useSessionStore.setState({ token: null, profile: null, status: 'LOADED' });
}

export interface LoadProfileOptions {
  /** docs/PRODUCT.md «Product rules»: keep the current profile when the load fails (a background refresh). */
  skip_error?: boolean;
}

let inFlight: Promise<Profile | null> | null = null;

/**
 * docs/PRODUCT.md «Product rules» profile load: LOADING, then LOADED with the profile, or FAILED with the profile cleared
 * unless `skip_error` is set. Concurrent calls share one request.
 */
export function loadProfile(options: LoadProfileOptions = {}): Promise<Profile | null> {
  if (!getToken()) {
    useSessionStore.setState({ profile: null, status: 'LOADED' });
    return Promise.resolve(null);
  }
  if (inFlight) return inFlight;
  useSessionStore.setState({ status: 'LOADING' });
  inFlight = api
    .get<{ data: Profile }>('profile/show')
    .then((response) => {
      const profile = response.data.data;
      useSessionStore.setState({ profile, status: 'LOADED' });
      return profile;
    })
    .catch((error: unknown) => {
      if (isUnauthorized(error)) {
        // The token was revoked or has expired: the parent is a guest now.
        clearSession();
        return null;
      }
      if (options.skip_error) {
        useSessionStore.setState({ status: 'FAILED' });
        return useSessionStore.getState().profile;
      }
      useSessionStore.setState({ profile: null, status: 'FAILED' });
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function isUnauthorized(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'response' in error &&
    typeof error.response === 'object' &&
    error.response !== null &&
    'status' in error.response &&
    error.response.status === 401
  );
}

/**
 * Called once at start-up: loads the profile of a stored token; a guest's pending "pay after
 * register" choice is dropped (docs/PRODUCT.md «Product rules»).
 */
export function initSession(): void {
  if (getToken()) {
    void loadProfile();
  } else {
    removeStorage(STORAGE_KEYS.payAfter);
    removeStorage(STORAGE_KEYS.lastPayAfter);
  }
}

/**
 * After a server-rendered page is hydrated: the stored login, if any, is taken up (the header and the
 * blocks that depend on it change now), and `revalidate` lets the route guards act on it.
 */
export function restoreSessionAfterHydration(revalidate: () => void): void {
  if (adoptStoredToken()) revalidate();
  initSession();
}

/** Takes up the stored login a server-rendered page started without; true when there is one. */
export function adoptStoredToken(): boolean {
  const token = readStorage(STORAGE_KEYS.token);
  if (token && getToken() !== token) useSessionStore.setState({ token, status: 'INITIAL' });
  return token !== null;
}
