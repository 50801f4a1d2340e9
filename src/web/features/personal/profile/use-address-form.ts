import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { displayEmail } from '@contract/email';
import { emailField } from '@contract/api/auth';
import { z } from 'zod';
import { errorMessage, fieldErrors, toldGlobally } from '../request-errors';

const addressForm = z.object({ email: emailField });
type AddressInput = z.input<typeof addressForm>;
type AddressOutput = z.output<typeof addressForm>;

/**
 * A form of one e-mail address that sends a letter to it (an address added to the account, a caregiver
 * invited): its message stays under the field until the address changes, and once sent it says to which
 * address, as the person wrote it. `send` gets the address in its stored form.
 */
export function useAddressForm(send: (email: string) => Promise<unknown>) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<AddressInput, unknown, AddressOutput>({
    resolver: zodResolver(addressForm),
    defaultValues: { email: '' },
    // A message stays until the address changes, then goes: no checking while the parent types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await send(email);
      setSentTo(displayEmail(email));
      reset();
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.email) setError('email', { message: byField.email });
      else if (!toldGlobally(error)) setError('email', { message: errorMessage(error) });
    }
  });

  return {
    sentTo,
    error: errors.email?.message,
    field: register('email', { onChange: () => clearErrors('email') }),
    submit,
  };
}
