import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, resetChunkReload } from '../lib/chunk';
import { useMainTag } from '../components/layout/main-landmark';
import { pathTo } from '../lib/routes';
import { reloadPage } from '../lib/reload';
import styles from './route-error.module.scss';

function refresh() {
  resetChunkReload();
  reloadPage();
}

/** A page that could not be shown: a failed chunk after its one reload, or an unexpected error. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const Main = useMainTag();

  useEffect(() => {
    if (notFound) void navigate(pathTo('not-found-error'), { replace: true });
    else if (!isChunkLoadError(error)) console.error(error);
  }, [error, notFound, navigate]);

  if (notFound) return null;
  const chunk = isChunkLoadError(error);
  return (
    <Main className={styles.screen}>
      <svg className={styles.icon} viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#efeaff" />
        <path
          d="M48 20a28 28 0 1 0 27 20"
          fill="none"
          stroke="#6c4cf1"
          strokeWidth="7"
          strokeLinecap="round"
        />
        <path d="m78 22-2 20-19-5z" fill="#6c4cf1" />
        <circle cx="40" cy="46" r="4" fill="#2b2350" />
        <circle cx="56" cy="46" r="4" fill="#2b2350" />
        <path
          d="M40 60q8-6 16 0"
          fill="none"
          stroke="#2b2350"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      {/* The alert is the message, not the landmark: role="alert" on <main> would erase the main. */}
      <div className={styles.message} role="alert">
        <h1 className={styles.title}>
          {chunk ? 'Страница не загрузилась' : 'Что-то пошло не так'}
        </h1>
        <p className={styles.text}>
          {chunk
            ? 'Возможно, пропал интернет или мы только что обновили сайт. Обновите страницу — всё должно заработать.'
            : 'Мы уже знаем об ошибке и разбираемся. Обновите страницу или вернитесь на главную.'}
        </p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={refresh}>
          Обновить страницу
        </button>
        <Link className={styles.secondary} to={pathTo('index')} reloadDocument>
          На главную
        </Link>
      </div>
    </Main>
  );
}
