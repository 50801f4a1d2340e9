import { useId } from 'react';
import {
  AVATAR_IDS,
  AVATAR_LABELS,
  ChildAvatar,
  type AvatarId,
} from '../../../components/illustrations/child-avatar';
import styles from './avatar-picker.module.scss';

export interface AvatarPickerProps {
  value: AvatarId;
  onChange: (avatar: AvatarId) => void;
}

/** Radio buttons of the animal pictures: arrow keys move between them, each is named. */
export function AvatarPicker({ value, onChange }: AvatarPickerProps) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Картинка профиля</legend>
      <div className={styles.grid}>
        {AVATAR_IDS.map((avatar) => (
          <label key={avatar} className={styles.option} title={AVATAR_LABELS[avatar]}>
            <input
              className={styles.radio}
              type="radio"
              name={name}
              value={avatar}
              checked={value === avatar}
              onChange={() => onChange(avatar)}
              aria-label={AVATAR_LABELS[avatar]}
            />
            <ChildAvatar avatar={avatar} size={52} className={styles.picture} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
