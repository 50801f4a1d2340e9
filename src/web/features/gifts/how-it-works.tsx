import styles from './gifts.module.scss';

const STEPS = [
  'Выберите срок и оплатите картой на странице банка',
  'Код подарка придёт вам на почту и будет в разделе «Подарок» личного кабинета',
  'Отправьте код получателю прямо с сайта или передайте сами',
  'Получатель активирует код за минуту — подписка начнётся с этого дня',
];

/** How a gift works, step by step, beside the buying block. */
export function HowGiftsWork() {
  return (
    <section className={styles.steps} aria-labelledby="gift-steps-title">
      <h2 id="gift-steps-title" className={styles.stepsTitle}>
        Как это работает
      </h2>
      <ol className={styles.stepList}>
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
