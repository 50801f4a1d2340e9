import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { displayEmail } from '@contract/email';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { SUPPORT_MESSAGE_MAX, supportBody } from '@contract/api/support';
import { ERROR_CODES } from '@contract/api/values';
import { errorCode, errorMessage, fieldErrors } from '../../api/interceptors';
import type { Profile } from '../../api/profile';
import { useSession } from '../../api/session';
import { sendSupportRequest, type SupportReceipt } from '../../api/support';
import { EmailField } from '../../components/form/email-field';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { Field } from '../../components/form/field';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { preloadRecaptcha } from '../../api/recaptcha';
import form from '../../components/form/form.module.scss';
import styles from './support-form.module.scss';

const supportForm = supportBody.omit({ captcha_token: true });
// Signed in, the address is the account's: the server takes it from there, the form does not check it.
const parentForm = supportForm.extend({ email: z.string() });
type SupportFormInput = z.input<typeof supportForm>;
type SupportFormOutput = z.output<typeof supportForm>;

/**
 * «Служба поддержки»: name, address and the question. A signed-in parent's answer goes to the account's
 * address (shown, not asked); a parent whose address is not confirmed is sent to confirm it first.
 */
interface SupportFormProps {
  onSent: (receipt: SupportReceipt) => void;
  onUnconfirmed: () => void;
}

/** Waits for a signed-in parent's profile: the form's name, address and rules come from it. */
export function SupportForm(props: SupportFormProps) {
  const { isLoggedIn, profile } = useSession();
  if (isLoggedIn && !profile) return <Skeleton height={320} radius={16} />;
  return <SupportFormFields key={profile?.id ?? 'guest'} profile={profile} {...props} />;
}

function SupportFormFields({
  onSent,
  onUnconfirmed,
  profile,
}: SupportFormProps & { profile: Profile | null }) {
  const id = useId();
  // An account from a social network that shared no address types one, like a guest.
  const account = profile && !isPlaceholderEmail(profile.email) ? profile : null;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SupportFormInput, unknown, SupportFormOutput>({
    resolver: zodResolver(account ? parentForm : supportForm),
    defaultValues: { name: profile?.name ?? '', email: account?.email ?? '', message: '' },
  });
  const length = watch('message').length;

  useEffect(preloadRecaptcha, []);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSent(await sendSupportRequest(values));
    } catch (error) {
      if (errorCode(error) === ERROR_CODES.emailUnconfirmed) {
        onUnconfirmed();
        return;
      }
      const byField = fieldErrors(error);
      const fields = (['name', 'email', 'message'] as const).filter((name) => byField[name]);
      fields.forEach((field, index) =>
        setError(field, { message: byField[field] }, { shouldFocus: index === 0 }),
      );
      if (fields.length === 0) setFailure(errorMessage(error));
    }
  });

  return (
    <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert message={failure} />
      <TextField
        id={`${id}-name`}
        label="Как к вам обращаться"
        autoComplete="given-name"
        error={errors.name?.message}
        {...register('name')}
      />
      {account ? (
        <p className={styles.answerTo}>
          Ответ придёт на <strong>{displayEmail(account.email)}</strong>
        </p>
      ) : (
        <EmailField
          id={`${id}-email`}
          hint="Сюда придёт ответ"
          error={errors.email?.message}
          {...register('email')}
        />
      )}
      <Field
        id={`${id}-message`}
        label="Ваш вопрос"
        error={errors.message?.message}
        hint={`${length} из ${SUPPORT_MESSAGE_MAX} символов`}
      >
        {(control) => (
          <textarea
            className={`${form.input} ${styles.message}`}
            rows={6}
            maxLength={SUPPORT_MESSAGE_MAX}
            placeholder="Что случилось? Если дело в уроке, напишите его название и имя ребёнка."
            {...register('message')}
            {...control}
          />
        )}
      </Field>
      <Button type="submit" size="lg" block loading={isSubmitting}>
        Отправить
      </Button>
    </form>
  );
}
