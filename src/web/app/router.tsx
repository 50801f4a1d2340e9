import {
  createBrowserRouter,
  createPath,
  redirect,
  type IndexRouteObject,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router';
import { AGE_GROUP_SLUGS, DEFAULT_AGE_GROUP_SLUG } from '@contract/api/values';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';
import { Splash } from './splash';
import { SiteLayout } from '../components/layout/site-layout';
import { lazyPage, setNavigationTarget } from '../lib/chunk';
import {
  certificateLoader,
  indexLoader,
  personalIndexLoader,
  redirectLoggedIn,
  redirectTo,
  requireLogin,
  rootLoader,
} from './guards';
import { pathTo, ROUTES, type RouteName } from '../lib/routes';
import { landingRoute } from './landing-route';
import { videoRoute } from './video-route';
import type { RouteMeta } from '../lib/route-meta';

const meta = (value: RouteMeta): RouteMeta => value;

/**
 * docs/PRODUCT.md «Screens and routes» main-program/:age?: no age is the first group's page, an age the school has no group for is a
 * 404 — decided before anything is drawn, so the server answers with the redirect too.
 */
function ageGroupLoader({ params }: LoaderFunctionArgs) {
  const { age } = params;
  if (age === undefined) throw redirect(pathTo('main-program', { age: DEFAULT_AGE_GROUP_SLUG }));
  if (!(AGE_GROUP_SLUGS as readonly string[]).includes(age)) {
    throw redirect(pathTo('not-found-error'));
  }
  return null;
}

/**
 * A named route of docs/PRODUCT.md «Screens and routes»: its id is the name and its path is the one in ROUTES, so `pathTo` and the
 * table cannot disagree. The path stays absolute even for nested routes: React Router accepts an absolute
 * child path that starts with its parents' path and matches it exactly as the relative one.
 */
function named(name: RouteName, route: Omit<NonIndexRouteObject, 'id' | 'path'>): RouteObject {
  return { ...route, id: name, path: ROUTES[name] };
}

/**
 * An index route whose loader always redirects. `element: null` tells the router that it renders nothing
 * on purpose: a leaf with no element at all makes it warn, on every visit, of an «empty» page.
 */
function redirectIndex(loader: LoaderFunction): IndexRouteObject {
  return { index: true, loader, element: null };
}

/** docs/PRODUCT.md «Screens and routes», row by row. Route ids are the product's route names. */
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
              named('index', {
                loader: indexLoader,
                lazy: landingRoute,
              }),
              named('unsubscribe', {
                handle: meta({ title: 'Отписка от рассылки' }),
                lazy: lazyPage(() => import('../features/mailing/unsubscribe-page')),
              }),
              named('faq', {
                handle: meta({
                  title: 'Частые вопросы',
                  description:
                    'Ответы на частые вопросы родителей о Школе Умняшек: подписка и оплата, уроки, возраст детей и устройства.',
                }),
                lazy: lazyPage(() => import('../features/faq/faq-page')),
              }),
              named('certificate', {
                handle: meta({ title: 'Подарочный сертификат', noGift: true }),
                children: [
                  redirectIndex(certificateLoader),
                  named('certificate-register', {
                    loader: redirectLoggedIn('activate-certificate', { keepCode: true }),
                    handle: meta({ title: 'Активация сертификата' }),
                    lazy: lazyPage(() => import('../features/gifts/certificate-register-page')),
                  }),
                  named('certificate-auth', {
                    loader: redirectLoggedIn('activate-certificate', { keepCode: true }),
                    handle: meta({ title: 'Активация сертификата' }),
                    lazy: lazyPage(() => import('../features/gifts/certificate-auth-page')),
                  }),
                ],
              }),
              named('subscribe', {
                loader: redirectLoggedIn('tariffs'),
                handle: meta({ title: 'Оформление подписки' }),
                lazy: lazyPage(() => import('../features/checkout/subscribe-page')),
              }),
              named('subscribe-gift', {
                loader: redirectLoggedIn('gift'),
                handle: meta({ title: 'Подписка в подарок', noGift: true }),
                lazy: lazyPage(() => import('../features/gifts/subscribe-gift-page')),
              }),
              named('programs', {
                lazy: lazyPage(() => import('../features/programs/programs-layout')),
                children: [
                  redirectIndex(redirectTo('main-program', { age: DEFAULT_AGE_GROUP_SLUG })),
                  named('main-program', {
                    loader: ageGroupLoader,
                    handle: meta({
                      title: 'Основная программа',
                      description:
                        'Основная программа Школы Умняшек для каждого возраста от 2 до 7 лет: темы недель и короткие видеоуроки.',
                    }),
                    lazy: lazyPage(() => import('../features/programs/main-program-page')),
                  }),
                  named('additional-program', {
                    handle: meta({
                      title: 'Дополнительные программы',
                      description:
                        'Дополнительные программы Школы Умняшек: отдельные курсы для детей к основной подписке.',
                    }),
                    lazy: lazyPage(() => import('../features/programs/additional-program-page')),
                  }),
                ],
              }),
              named('about', {
                handle: meta({
                  title: 'О школе',
                  description:
                    'О Школе Умняшек: как устроены занятия для детей от 2 до 7 лет и кто их готовит.',
                }),
                lazy: lazyPage(() => import('../features/about/about-layout')),
                children: [
                  redirectIndex(redirectTo('about-index')),
                  named('about-index', {
                    lazy: lazyPage(() => import('../features/about/about-index-page')),
                  }),
                  named('about-team', {
                    handle: meta({
                      title: 'Команда',
                      description: 'Команда Школы Умняшек: педагоги и авторы детских видеоуроков.',
                    }),
                    lazy: lazyPage(() => import('../features/about/team-page')),
                  }),
                  named('about-vacancy', {
                    handle: meta({
                      title: 'Вакансии',
                      description: 'Вакансии Школы Умняшек: работа для педагогов и авторов уроков.',
                    }),
                    lazy: lazyPage(() => import('../features/about/vacancy-page')),
                  }),
                  named('about-contacts', {
                    handle: meta({
                      title: 'Контакты',
                      description:
                        'Контакты Школы Умняшек: как связаться со школой и службой поддержки.',
                    }),
                    lazy: lazyPage(() => import('../features/about/contacts-page')),
                  }),
                ],
              }),
              named('personal', {
                loader: requireLogin,
                handle: meta({ title: 'Личный кабинет' }),
                lazy: lazyPage(() => import('../features/personal/personal-layout')),
                children: [
                  redirectIndex(personalIndexLoader),
                  named('activate-certificate', {
                    handle: meta({ title: 'Активация сертификата', noGift: true }),
                    lazy: lazyPage(() => import('../features/gifts/activate-certificate-page')),
                  }),
                  named('profile', {
                    handle: meta({ title: 'Профиль' }),
                    lazy: lazyPage(() => import('../features/personal/profile/profile-page')),
                  }),
                  named('students', {
                    handle: meta({ title: 'Ученики' }),
                    lazy: lazyPage(() => import('../features/personal/students/students-page')),
                  }),
                  named('progress', {
                    handle: meta({ title: 'Успехи' }),
                    lazy: lazyPage(() => import('../features/personal/progress/progress-page')),
                  }),
                  named('tariffs', {
                    handle: meta({ title: 'Тарифы' }),
                    lazy: lazyPage(() => import('../features/personal/tariffs/tariffs-page')),
                  }),
                  named('gift', {
                    handle: meta({ title: 'Подписка в подарок', noGift: true }),
                    lazy: lazyPage(() => import('../features/gifts/personal-gift-page')),
                  }),
                  named('help', {
                    handle: meta({ title: 'Помощь' }),
                    children: [
                      redirectIndex(redirectTo('help-faq')),
                      named('help-faq', {
                        handle: meta({ title: 'Частые вопросы' }),
                        lazy: lazyPage(() => import('../features/help/help-faq-page')),
                      }),
                      named('help-programs', {
                        handle: meta({ title: 'О программах' }),
                        lazy: lazyPage(() => import('../features/help/help-programs-page')),
                      }),
                      named('help-instructions', {
                        handle: meta({ title: 'Инструкции' }),
                        lazy: lazyPage(() => import('../features/help/instructions-page')),
                      }),
                      named('help-support', {
                        handle: meta({ title: 'Служба поддержки' }),
                        lazy: lazyPage(() => import('../features/help/help-support-page')),
                      }),
                    ],
                  }),
                ],
              }),
              named('skiped', {
                loader: requireLogin,
                handle: meta({ title: 'Пропущенные недели' }),
                lazy: lazyPage(
                  () => import('../features/personal/skipped-weeks/skipped-weeks-page'),
                ),
              }),
              named('documents', {
                children: [
                  redirectIndex(redirectTo('confidentiality-policy')),
                  named('confidentiality-policy', {
                    handle: meta({
                      title: 'Политика конфиденциальности',
                      description:
                        'Политика конфиденциальности Школы Умняшек: какие данные родителей и детей мы храним и зачем.',
                    }),
                    lazy: lazyPage(
                      () => import('../features/documents/confidentiality-policy-page'),
                    ),
                  }),
                  named('license-agreement', {
                    handle: meta({
                      title: 'Лицензионное соглашение',
                      description:
                        'Лицензионное соглашение Школы Умняшек: условия подписки и пользования уроками.',
                    }),
                    lazy: lazyPage(() => import('../features/documents/license-agreement-page')),
                  }),
                ],
              }),
              named('not-found-error', {
                handle: meta({ title: 'Страница не найдена' }),
                lazy: lazyPage(() => import('../features/not-found/not-found-page')),
              }),
            ],
          },
        ],
      },
      named('video', {
        loader: requireLogin,
        handle: meta({ title: 'Видео-уроки', noGift: true }),
        lazy: videoRoute,
      }),
      { id: 'unknown', path: '*', loader: () => redirect(pathTo('not-found-error')) },
    ],
  },
];

/** `loaderData`: what the server's render of this address loaded, when the page is hydrated. */
export function createAppRouter(hydrated?: { loaderData: Record<string, unknown> }) {
  const router = createBrowserRouter(
    routes,
    hydrated ? { hydrationData: { loaderData: hydrated.loaderData } } : undefined,
  );
  setNavigationTarget(() => {
    const next = router.state.navigation.location;
    return next ? createPath(next) : null;
  });
  return router;
}
