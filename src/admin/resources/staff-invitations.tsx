import { Create, SelectInput, SimpleForm, TextInput, required, useNotify } from 'react-admin';
import type { StaffInvitation } from '@contract/api/admin-staff';
import { STAFF_ROLES } from '@contract/api/auth';
import { SaveOnlyToolbar } from '../save-only-toolbar';
import { ROLE_LABELS } from './users';

const roleChoices = STAFF_ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

/**
 * The administrator invites a member of staff: the server mails a link for 24 hours, where the person sets
 * a password (if the account had none) and connects the authenticator app. Inviting again replaces the
 * link; an existing parent gets the role when they accept it.
 */
export function StaffInvitationCreate() {
  const notify = useNotify();
  return (
    <Create
      title="Пригласить сотрудника"
      redirect={(_resource, id) => `users/${String(id)}/show`}
      mutationOptions={{
        onSuccess: (data: StaffInvitation) => {
          notify(`Приглашение отправлено на ${data.email}: ссылка действует 24 часа`, {
            type: 'success',
          });
        },
      }}
    >
      <SimpleForm toolbar={<SaveOnlyToolbar />} sx={{ maxWidth: 480 }}>
        <TextInput source="email" type="email" validate={required()} fullWidth />
        <TextInput source="name" validate={required()} fullWidth />
        <SelectInput source="role" choices={roleChoices} validate={required()} fullWidth />
        <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.6)', fontSize: 14, lineHeight: 1.5 }}>
          Придёт письмо со ссылкой на 24 часа: по ней сотрудник придумает пароль и подключит
          приложение-аутентификатор. Родитель с этой почтой сохранит свой пароль и получит роль,
          когда примет приглашение. Новое приглашение заменяет прежнюю ссылку.
        </p>
      </SimpleForm>
    </Create>
  );
}
