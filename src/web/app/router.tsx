import { createBrowserRouter, createPath, redirect, type RouteObject } from 'react-router';
import { DEFAULT_AGE_GROUP_SLUG } from '@contract/api/values';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';
import { Splash } from './splash';
import { SiteLayout } from '../components/layout/site-layout';
import { lazyPage, setNavigationTarget } from './chunk';
import {
  certificateLoader,
  indexLoader,
  redirectLoggedIn,
  redirectTo,
  requireLogin,
  rootLoader,
} from './guards';
import { pathTo } from './routes';
import { landingRoute } from './landing-route';
import { videoRoute } from './video-route';
import type { RouteMeta } from './route-meta';

const meta = (value: RouteMeta): RouteMeta => value;
const pending = lazyPage(() => import('./pending/pending-page'));

/** SPEC §2, row by row. Route ids are the SPEC's route names. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: rootLoader,
    Component: AppShell,
    ErrorBoundary: RouteError,
    HydrateFallback: Splash,
    children: [
      {
        id: 'site',
        Component: SiteLayout,
        ErrorBoundary: RouteError,
        children: [
          {
            // A page that fails shows its error between the header and the footer.
            id: 'pages',
            ErrorBoundary: RouteError,
            children: [
              {
                id: 'index',
                path: '/:modal?',
                loader: indexLoader,
                lazy: landingRoute,
              },
              {
                id: 'unsubscribe',
                path: 'unsubscribe',
                handle: meta({ title: 'Отписка от рассылки' }),
                lazy: pending,
              },
              {
                id: 'faq',
                path: 'faq',
                handle: meta({ title: 'Частые вопросы' }),
                lazy: lazyPage(() => import('../features/faq/faq-page')),
              },
              {
                id: 'certificate',
                path: 'gift',
                handle: meta({ title: 'Подарочный сертификат', noGift: true }),
                children: [
                  { index: true, loader: certificateLoader },
                  {
                    id: 'certificate-register',
                    path: 'register',
                    loader: redirectLoggedIn('activate-certificate'),
                    handle: meta({ title: 'Активация сертификата' }),
                    lazy: pending,
                  },
                  {
                    id: 'certificate-auth',
                    path: 'auth',
                    loader: redirectLoggedIn('activate-certificate'),
                    handle: meta({ title: 'Активация сертификата' }),
                    lazy: pending,
                  },
                ],
              },
              {
                id: 'subscribe',
                path: 'subscribe',
                loader: redirectLoggedIn('tariffs'),
                handle: meta({ title: 'Оформление подписки' }),
                lazy: pending,
              },
              {
                id: 'subscribe-gift',
                path: 'subscribe-gift',
                loader: redirectLoggedIn('gift'),
                handle: meta({ title: 'Подписка в подарок', noGift: true }),
                lazy: pending,
              },
              {
                id: 'programs',
                path: 'programs',
                lazy: lazyPage(() => import('../features/programs/programs-layout')),
                children: [
                  {
                    index: true,
                    loader: redirectTo('main-program', { age: DEFAULT_AGE_GROUP_SLUG }),
                  },
                  {
                    id: 'main-program',
                    path: 'main-program/:age?',
                    handle: meta({ title: 'Основная программа' }),
                    lazy: lazyPage(() => import('../features/programs/main-program-page')),
                  },
                  {
                    id: 'additional-program',
                    path: 'additional-program',
                    handle: meta({ title: 'Дополнительные программы' }),
                    lazy: lazyPage(() => import('../features/programs/additional-program-page')),
                  },
                ],
              },
              {
                id: 'about',
                path: 'about',
                handle: meta({ title: 'О школе' }),
                lazy: lazyPage(() => import('../features/about/about-layout')),
                children: [
                  { index: true, loader: redirectTo('about-index') },
                  {
                    id: 'about-index',
                    path: 'index',
                    lazy: lazyPage(() => import('../features/about/about-index-page')),
                  },
                  {
                    id: 'about-team',
                    path: 'team',
                    handle: meta({ title: 'Команда' }),
                    lazy: lazyPage(() => import('../features/about/team-page')),
                  },
                  {
                    id: 'about-vacancy',
                    path: 'vacancy',
                    handle: meta({ title: 'Вакансии' }),
                    lazy: lazyPage(() => import('../features/about/vacancy-page')),
                  },
                  {
                    id: 'about-contacts',
                    path: 'contacts',
                    handle: meta({ title: 'Контакты' }),
                    lazy: lazyPage(() => import('../features/about/contacts-page')),
                  },
                ],
              },
              {
                id: 'personal',
                path: 'personal',
                loader: requireLogin,
                handle: meta({ title: 'Личный кабинет' }),
                lazy: lazyPage(() => import('../features/personal/personal-layout')),
                children: [
                  { index: true, loader: redirectTo('profile') },
                  {
                    id: 'activate-certificate',
                    path: 'activate-certificate',
                    handle: meta({ title: 'Активация сертификата', noGift: true }),
                    lazy: pending,
                  },
                  {
                    id: 'profile',
                    path: 'profile',
                    handle: meta({ title: 'Профиль' }),
                    lazy: lazyPage(() => import('../features/personal/profile/profile-page')),
                  },
                  {
                    id: 'students',
                    path: 'students',
                    handle: meta({ title: 'Ученики' }),
                    lazy: lazyPage(() => import('../features/personal/students/students-page')),
                  },
                  {
                    id: 'tariffs',
                    path: 'tariffs',
                    handle: meta({ title: 'Тарифы' }),
                    lazy: pending,
                  },
                  {
                    id: 'gift',
                    path: 'gift',
                    handle: meta({ title: 'Подписка в подарок', noGift: true }),
                    lazy: pending,
                  },
                  {
                    id: 'help',
                    path: 'help',
                    handle: meta({ title: 'Помощь' }),
                    children: [
                      { index: true, loader: redirectTo('help-faq') },
                      {
                        id: 'help-faq',
                        path: 'faq',
                        handle: meta({ title: 'Частые вопросы' }),
                        lazy: pending,
                      },
                      {
                        id: 'help-programs',
                        path: 'programs',
                        handle: meta({ title: 'О программах' }),
                        lazy: pending,
                      },
                      {
                        id: 'help-instructions',
                        path: 'instructions/:instruction?',
                        handle: meta({ title: 'Инструкции' }),
                        lazy: pending,
                      },
                      {
                        id: 'help-support',
                        path: 'support',
                        handle: meta({ title: 'Служба поддержки' }),
                        lazy: pending,
                      },
                    ],
                  },
                ],
              },
              {
                id: 'skiped',
                path: 'skiped-weeks',
                loader: requireLogin,
                handle: meta({ title: 'Пропущенные недели' }),
                lazy: pending,
              },
              {
                id: 'documents',
                path: 'documents',
                children: [
                  { index: true, loader: redirectTo('confidentiality-policy') },
                  {
                    id: 'confidentiality-policy',
                    path: 'confidentiality-policy',
                    handle: meta({ title: 'Политика конфиденциальности' }),
                    lazy: lazyPage(
                      () => import('../features/documents/confidentiality-policy-page'),
                    ),
                  },
                  {
                    id: 'license-agreement',
                    path: 'license-agreement',
                    handle: meta({ title: 'Лицензионное соглашение' }),
                    lazy: lazyPage(() => import('../features/documents/license-agreement-page')),
                  },
                ],
              },
              {
                id: 'not-found-error',
                path: '404',
                handle: meta({ title: 'Страница не найдена' }),
                lazy: lazyPage(() => import('../features/not-found/not-found-page')),
              },
            ],
          },
        ],
      },
      {
        id: 'video',
        path: 'video',
        loader: requireLogin,
        handle: meta({ title: 'Видео-уроки', noGift: true }),
        lazy: videoRoute,
      },
      { id: 'unknown', path: '*', loader: () => redirect(pathTo('not-found-error')) },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigationTarget(() => {
    const next = router.state.navigation.location;
    return next ? createPath(next) : null;
  });
  return router;
}
