// Staff sign-in for react-admin. The first administrator's first sign-in (from the server's machine, or with
// the code the server printed at start-up) answers with the TOTP secret instead of a session: login()
// rejects with TotpSetupRequired and the login page shows it. Everyone else enrols by invitation.
import type { AuthProvider } from 'react-admin';
import type { StaffIdentity, StaffLoginResult } from '@contract/api/admin';
import { adminToken, call, setAdminToken } from './api';

export class TotpSetupRequired extends Error {
  constructor(readonly setup: { secret: string; uri: string }) {
    super('Подключите приложение-аутентификатор');
    this.name = 'TotpSetupRequired';
  }
}

let identity: Promise<StaffIdentity> | null = null;
const me = () => {
  identity ??= call<{ data: StaffIdentity }>('admin/auth/me').then((r) => r.data);
  return identity;
};

export const authProvider: AuthProvider = {
  async login(params: { email: string; password: string; code?: string; setupCode?: string }) {
    const { data } = await call<{ data: StaffLoginResult }>('admin/auth/login', {
      method: 'POST',
      body: {
        email: params.email,
        password: params.password,
        code: params.code || undefined,
        setup_code: params.setupCode || undefined,
      },
    });
    if (data.totp_setup) throw new TotpSetupRequired(data.totp_setup);
    if (!data.token) throw new Error('Сервер не открыл сессию');
    setAdminToken(data.token);
    identity = null;
  },
  async logout() {
    if (adminToken()) {
      await call('auth/logout').catch(() => undefined);
    }
    setAdminToken(null);
    identity = null;
  },
  async checkAuth() {
    if (!adminToken()) throw new Error('Войдите в админку');
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      setAdminToken(null);
      identity = null;
      throw new Error('Сессия закончилась, войдите снова');
    }
  },
  async getIdentity() {
    const staff = await me();
    return { id: staff.id, fullName: staff.name || staff.email, role: staff.role };
  },
  async getPermissions() {
    if (!adminToken()) return null;
    return (await me()).role;
  },
};
