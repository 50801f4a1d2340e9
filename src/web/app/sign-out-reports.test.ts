// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { logout } from '../api/auth';
import { installInterceptors } from '../api/interceptors';
import { clearSession, setToken } from '../api/session';
import { beforeSignOut, runBeforeSignOut } from '../api/sign-out-hooks';
import { queueReport } from '../features/video/progress-outbox';
import { apiUrl, seen, server, serveApiInTests } from '../testing/msw';
import { sendReportsBeforeSignOut } from './sign-out-reports';

vi.mock('../lib/reload', () => ({ reloadPage: vi.fn() }));

serveApiInTests();

let uninstall: () => void;
beforeAll(() => {
  uninstall = installInterceptors();
  sendReportsBeforeSignOut();
});
afterAll(() => uninstall());
beforeEach(() => {
  localStorage.clear();
  clearSession();
  server.use(
    http.get(apiUrl('auth/logout'), () => HttpResponse.json({ data: { status: 'ok' } })),
    http.post(apiUrl('profile/achievements/video'), () =>
      HttpResponse.json({ data: { achievements: [] } }),
    ),
  );
});

describe('signing out with progress watched offline', () => {
  it('sends the waiting report with the session, before the session and the device forget it', async () => {
    setToken('mine');
    queueReport({ child_id: 3, lesson_id: 7, position_seconds: 300, completed: true });
    await logout();
    const calls = seen.map((request) => `${request.method} ${request.url}`);
    expect(calls).toEqual(['POST profile/achievements/video', 'GET auth/logout']);
    expect(seen[0]?.authorization).toBe('Bearer mine');
    expect(localStorage.length).toBe(0);
  });

  it('signs out at once when nothing waits', async () => {
    setToken('mine');
    await logout();
    expect(seen.map((request) => request.url)).toEqual(['auth/logout']);
  });
});

describe('the sign-out hooks', () => {
  it('run on when one fails, and hold the sign-out no longer than the wait', async () => {
    const ran: string[] = [];
    const removers = [
      beforeSignOut(() => Promise.reject(new Error('нет связи'))),
      beforeSignOut(() => new Promise<void>(() => undefined)),
      beforeSignOut(async () => {
        ran.push('третий');
      }),
    ];
    const started = Date.now();
    await runBeforeSignOut(50);
    expect(ran).toEqual(['третий']);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const remove of removers) remove();
  });
});
