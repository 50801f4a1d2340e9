import { Link } from 'react-router';
import type { AgeGroupSlug } from '@contract/api/catalog';
import { plural, YEARS } from '@contract/plural';
import { pathTo } from '../../lib/routes';
import { Container } from '../../components/ui/container';
import { cx } from '../../components/ui/cx';
import { ChildStepIcon, LessonStepIcon, ProgressStepIcon } from './step-icons';
import styles from './how-it-works-section.module.scss';

const STEPS = [
  {
    Icon: ChildStepIcon,
    title: 'Добавьте ребёнка',
    text: 'Укажите возраст\u00a0— программа подберётся сама, от 2 до 7 лет.',
  },
  {
    Icon: LessonStepIcon,
    title: 'Смотрите уроки',
    text: 'Короткие видеоуроки с заданиями на компьютере, планшете или телефоне.',
  },
  {
    Icon: ProgressStepIcon,
    title: 'Растите каждую неделю',
    text: 'Новые уроки открываются по расписанию, а вы видите успехи ребёнка.',
  },
];

// The slugs are fixed (docs/PRODUCT.md «Product rules»): this block needs no request, and no schema module (zod stays out
// of the landing's initial JavaScript). "two-three" → 2–3.
const AGE_NUMBERS: Record<AgeGroupSlug, [number, number]> = {
  'two-three': [2, 3],
  'three-four': [3, 4],
  'four-five': [4, 5],
  'five-six': [5, 6],
  'six-seven': [6, 7],
};
const AGES = Object.entries(AGE_NUMBERS) as [AgeGroupSlug, [number, number]][];

/** «Как это устроено»: three steps, then the age groups of the main program as doors to /programs. */
export function HowItWorksSection() {
  return (
    <section className={styles.section} aria-labelledby="how-title">
      <Container>
        <header className={styles.head}>
          <p className={styles.eyebrow}>Как это устроено</p>
          <h2 id="how-title">Учиться&nbsp;— как играть</h2>
          <p className={styles.lead}>
            Три шага, и ребёнок уже занимается, а вы спокойны за то, что он смотрит.
          </p>
        </header>
        <ol className={styles.steps} role="list">
          {STEPS.map(({ Icon, title, text }) => (
            <li key={title} className={styles.step}>
              <Icon />
              <h3 className={styles.stepTitle}>{title}</h3>
              <p className={styles.stepText}>{text}</p>
            </li>
          ))}
        </ol>
        <div className={styles.ages}>
          <div>
            <h3 className={styles.agesTitle}>Программы по возрасту</h3>
            <p className={styles.agesText}>Каждый год&nbsp;— своя программа и свои темы недель.</p>
          </div>
          <ul className={styles.ageList} role="list">
            {AGES.map(([slug, [from, to]]) => (
              <li key={slug}>
                <Link
                  to={pathTo('main-program', { age: slug })}
                  className={styles.age}
                  data-age={slug}
                >
                  <span className={styles.ageNumber}>
                    {from}–{to}
                  </span>
                  <span className={styles.ageWord}>{plural(to, YEARS)}</span>
                </Link>
              </li>
            ))}
            <li>
              <Link to={pathTo('additional-program')} className={cx(styles.age, styles.more)}>
                <span className={styles.ageNumber}>+</span>
                <span className={styles.ageWord}>Курсы</span>
              </Link>
            </li>
          </ul>
        </div>
      </Container>
    </section>
  );
}
