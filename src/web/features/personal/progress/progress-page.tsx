import { useProfile } from '../../../api/profile';
import { pathTo } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { Container } from '../../../components/ui/container';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ChildPicker, useChosenChild } from '../child-picker';
import { avatarOf, ChildAvatar } from '../../../components/illustrations/child-avatar';
import { ChildProgressView } from './child-progress-view';
import styles from './progress-page.module.scss';

/** personal/progress: how each child is doing — for the parent, as pictures and in words. */
export default function ProgressPage() {
  const { data: profile, isError, isFetching, refetch } = useProfile();
  const children = profile?.children ?? [];
  const [chosen, choose] = useChosenChild(children);

  let body;
  if (profile && chosen) {
    body = (
      <>
        <ChildPicker
          items={children}
          chosen={chosen}
          onChoose={choose}
          label="Чьи успехи показать"
        />
        <section className={styles.child} aria-labelledby="progress-child">
          <div className={styles.childHead}>
            <ChildAvatar avatar={avatarOf(chosen)} size={56} className={styles.childAvatar} />
            <h2 id="progress-child" className={styles.childName}>
              {chosen.name}
            </h2>
          </div>
          <ChildProgressView key={chosen.id} child={chosen} />
        </section>
      </>
    );
  } else if (profile) {
    body = (
      <div className={styles.empty}>
        <h2 className={styles.title}>Здесь будут успехи учеников</h2>
        <p className={styles.muted}>
          Добавьте ребёнка — и после первых уроков здесь появятся пройденные недели, минуты и
          награды.
        </p>
        <ButtonLink to={pathTo('students')} variant="primary">
          Добавить ребёнка
        </ButtonLink>
      </div>
    );
  } else if (isError) {
    body = (
      <ErrorState
        title="Не удалось загрузить учеников"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else {
    body = (
      <div
        className={styles.loading}
        role="status"
        aria-busy="true"
        aria-label="Загружаем учеников"
      >
        <Skeleton height={40} width="40%" />
        <Skeleton height={240} radius={24} />
      </div>
    );
  }

  return <Container className={styles.page}>{body}</Container>;
}
