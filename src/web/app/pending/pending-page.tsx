import { useRouteMeta } from '../route-meta';
import { pathTo } from '../routes';
import { useMainTag } from '../../components/layout/main-landmark';
import { ButtonLink } from '../../components/ui/button-link';
import { Container } from '../../components/ui/container';
import styles from './pending-page.module.scss';

/** An honest stand-in for a screen that comes with a later release. */
export default function PendingPage() {
  const { title } = useRouteMeta();
  const main = useMainTag();
  return (
    <Container as={main} className={styles.page}>
      {title && <p className={styles.section}>{title}</p>}
      <h1 className={styles.title}>Раздел готовится</h1>
      <p className={styles.text}>
        Мы доделываем этот раздел и совсем скоро откроем его. А пока загляните на главную — там
        много интересного.
      </p>
      <ButtonLink to={pathTo('index')} variant="primary">
        На главную
      </ButtonLink>
    </Container>
  );
}
