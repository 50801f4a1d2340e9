import { NotFoundIllustration } from '../../components/illustrations/not-found-illustration';
import { ArrowRightIcon } from '../../components/illustrations/icons';
import { ButtonLink } from '../../components/ui/button-link';
import { Container } from '../../components/ui/container';
import { pathTo } from '../../lib/routes';
import styles from './not-found-page.module.scss';

/** docs/PRODUCT.md «Screens and routes» not-found-error: where every unknown address ends up. */
export default function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <Container>
        <div className={styles.inner}>
          <NotFoundIllustration className={styles.art} />
          <div className={styles.text}>
            <p className={styles.code}>Ошибка 404</p>
            <h1 id="not-found-title">Ой, такой страницы нет</h1>
            <p className={styles.lead}>
              Умняшка обыскал всю школу, но не нашёл её. Возможно, в адресе опечатка или страницу
              переместили.
            </p>
            <div className={styles.actions}>
              <ButtonLink to={pathTo('index')} size="lg">
                На главную
              </ButtonLink>
              <ButtonLink
                to={pathTo('programs')}
                size="lg"
                variant="secondary"
                iconEnd={<ArrowRightIcon size={20} />}
              >
                Программы
              </ButtonLink>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
