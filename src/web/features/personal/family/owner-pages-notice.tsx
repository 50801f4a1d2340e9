import { pathTo } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { Container } from '../../../components/ui/container';
import { Panel } from '../panel';
import styles from './family-panel.module.scss';

/**
 * A caregiver who opens tariffs or gifts by address (docs/PRODUCT.md «Grown-ups of a family»): buying is the
 * owner's, said kindly, with the way back to the children.
 */
export function OwnerPagesNotice({ owner }: { owner: string | null }) {
  return (
    <Container className={styles.notice}>
      <Panel
        title="Покупки — у родителя"
        description={`Подписку, подарки и оплату оформляет ${owner ?? 'родитель'} — тот, кто вас пригласил. Если что-то нужно, попросите его.`}
      >
        <div>
          <ButtonLink to={pathTo('video')}>К урокам</ButtonLink>
        </div>
      </Panel>
    </Container>
  );
}
