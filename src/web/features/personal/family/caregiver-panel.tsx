import type { Profile } from '../../../api/profile';
import { Panel } from '../panel';
import profileStyles from '../profile/profile-page.module.scss';
import styles from './family-panel.module.scss';

/** docs/PRODUCT.md «Grown-ups of a family»: what a caregiver may do, said where they look for it. */
export function CaregiverPanel({ profile }: { profile: Profile }) {
  return (
    <Panel title="Семья" description={`Вас пригласил родитель: ${profile.family_owner ?? ''}.`}>
      <ul className={styles.facts}>
        <li>Включайте ребёнку уроки и смотрите его успехи и наклейки.</li>
        <li>Меняйте режим занятий, напоминания и экранное время.</li>
        <li>
          Покупки, подписка, карта и список детей — у родителя: если что-то нужно, попросите его.
        </li>
      </ul>
      <p className={profileStyles.hint}>
        Чтобы выйти из семьи, удалите свой аккаунт или попросите родителя убрать вас из списка
        близких.
      </p>
    </Panel>
  );
}
