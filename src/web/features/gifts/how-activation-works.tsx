import styles from './gifts.module.scss';

const STEPS = [
  'Зарегистрируйтесь или войдите — это займёт минуту',
  'Проверьте код подарка и нажмите «Активировать»',
  'Добавьте ребёнка и смотрите уроки по его возрасту',
];

/** What happens after registering, so the parent knows the gift is not lost on the way. */
export function HowActivationWorks() {
  return (
    <section className={styles.steps} aria-labelledby="activation-steps-title">
      <h2 id="activation-steps-title" className={styles.stepsTitle}>
        Три шага до уроков
      </h2>
      <ol className={styles.stepList}>
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
