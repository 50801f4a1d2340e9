import { TextField, type TextFieldProps } from './text-field';

/** The parent's address as every account form asks for it: one label, keyboard and autofill. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Электронная почта"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="name@example.ru"
      {...props}
    />
  );
}
