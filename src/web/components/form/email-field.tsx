import { TextField, type TextFieldProps } from './text-field';

/**
 * The parent's address as every account form asks for it: one label, keyboard and autofill. A text input
 * with the e-mail keyboard rather than type="email": browsers refuse a Cyrillic mailbox (оля@почта.рф) in
 * an e-mail input and rewrite its domain into punycode while the parent types; the contract's e-mail rule
 * checks and normalises the address instead.
 */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Электронная почта"
      type="text"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder="name@example.ru"
      {...props}
    />
  );
}
