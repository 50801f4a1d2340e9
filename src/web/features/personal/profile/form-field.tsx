import { Field, type FieldProps } from '../../../components/form/field';
import styles from './profile-page.module.scss';

export type FormFieldProps = Omit<FieldProps, 'hintClassName'>;

/** The shared field with the personal area's hints, which read like the rest of its muted text. */
export function FormField(props: FormFieldProps) {
  return <Field {...props} hintClassName={styles.hint} />;
}
