// Test helper (not a test): a signed-in family for the per-child screens, rendered with a fresh query
// cache inside a router.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Profile } from '@contract/api/auth';
import type { Child } from '@contract/api/children';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '../api/session';
import { apiUrl, server } from './msw';

export function childOf(id: number, name: string, avatar: string | null = 'fox'): Child {
  return {
    id,
    name,
    birth_date: '2022-03-01',
    age_group: 'four-five',
    avatar,
    remind_about_lessons: true,
    study_mode: 'schedule',
    daily_limit_minutes: null,
    no_lessons_after: null,
  };
}

export function familyWith(children: Child[]): Profile {
  return {
    id: 1,
    email: 'anna@example.ru',
    email_verified: true,
    role: 'parent',
    name: 'Анна',
    surname: 'Смирнова',
    patronymic: '',
    phone: '',
    region_id: null,
    reminder_hour: 18,
    time_zone: 'Europe/Moscow',
    children,
    subscription: null,
    playerStatus: 'available',
    social_networks: [],
    has_password: true,
    consent_mailing: false,
    family_role: 'owner',
    family_owner: null,
  };
}

/** Renders `page` for a signed-in parent of `children`, at `path`; `changes` adjust the profile. */
export function renderForFamily(
  page: ReactNode,
  children: Child[],
  path = '/',
  changes: Partial<Profile> = {},
) {
  const profile = { ...familyWith(children), ...changes };
  useSessionStore.setState({ token: 'token', profile, status: 'LOADED' });
  server.use(http.get(apiUrl('profile/show'), () => HttpResponse.json({ data: profile })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}
