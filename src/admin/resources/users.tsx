import { useState } from 'react';
import { Button, MenuItem, TextField as Field } from '@mui/material';
import {
  ArrayField,
  BooleanField,
  Confirm,
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { AdminUser } from '@contract/api/admin-families';
import { AGE_GROUP_AGES, type AgeGroupSlug } from '@contract/api/catalog';
import { formatMoscowDate } from '@contract/moscow-date';
import { formatRussianPhone } from '@contract/phone';
import { DAYS, pluralize } from '@contract/plural';
import { call } from '../api';
import { dataProvider } from '../data-provider';
import { MoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';
import { OrderFields } from './orders';
import { WeeklyLetterPanel } from './weekly-letter-panel';
import { FamilyOf } from './user-family';
import { shownEmail } from './shown-email';
import { staffMay } from '@contract/staff-access';

export const ROLE_LABELS: Record<AdminUser['role'], string> = {
  parent: 'Родитель',
  admin: 'Администратор',
  editor: 'Редактор',
  support: 'Поддержка',
};
const roleChoices = Object.entries(ROLE_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Почта, имя, фамилия, телефон" />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
];

// react-admin reads a column's label from the element it is given, so it is passed where used.
const Role = (_props: { label: string; source: string; sortable?: boolean }) => (
  <FunctionField<AdminUser>
    source="role"
    label="Роль"
    render={(record) => ROLE_LABELS[record.role]}
  />
);

/** Filters, and for the administrator the way to invite a member of staff. */
function UserListActions() {
  const { permissions } = usePermissions<string>();
  return (
    <TopToolbar>
      <FilterButton />
      {staffMay(permissions, 'staff-accounts') && (
        <CreateButton resource="staff-invitations" label="Пригласить сотрудника" />
      )}
    </TopToolbar>
  );
}

export function UserList() {
  return (
    <List
      filters={filters}
      actions={<UserListActions />}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
    >
      <ResponsiveRows<AdminUser>
        primary={(r) => shownEmail(r.email)}
        secondary={(r) => `${r.name} ${r.surname}`.trim()}
        tertiary={(r) => ROLE_LABELS[r.role]}
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField
            label="Почта"
            source="email"
            render={(r: AdminUser) => shownEmail(r.email)}
          />
          <TextField source="name" sortable={false} />
          <TextField source="surname" sortable={false} />
          <Role label="Роль" source="role" sortable={false} />
          <NumberField source="children_count" sortable={false} />
          <MoscowDateTime source="subscription_until" sortable={false} />
          <BooleanField source="blocked" sortable={false} />
          <MoscowDateTime source="created_at" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

/** Closing sign-in, a reset mail, and — for those holding them — days, the end and the role. Each says what happens first. */
function UserActions() {
  const record = useRecordContext<AdminUser>();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<
    'block' | 'reset' | 'extend' | 'end' | 'role' | 'invite' | null
  >(null);
  const [days, setDays] = useState(14);
  const [role, setRole] = useState<AdminUser['role'] | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const run = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await what();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return (
    <TopToolbar
      sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-start' }}
    >
      {staffMay(permissions, 'staff-accounts') && (
        <Field
          select
          size="small"
          label="Роль"
          value={record.role}
          disabled={busy}
          onChange={(event) => {
            setRole(event.target.value as AdminUser['role']);
            setAsking('role');
          }}
          sx={{ width: 200, flex: 'none' }}
        >
          {roleChoices.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </Field>
      )}
      {staffMay(permissions, 'subscriptions') && record.role === 'parent' && (
        <>
          <Field
            select
            size="small"
            label="Дни"
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            sx={{ width: 110, flex: 'none' }}
          >
            {[7, 14, 30, 90].map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </Field>
          <Button onClick={() => setAsking('extend')} disabled={busy}>
            Подарить дни
          </Button>
          {record.subscription_until && (
            <Button color="error" onClick={() => setAsking('end')} disabled={busy}>
              Завершить подписку
            </Button>
          )}
        </>
      )}
      <Button onClick={() => setAsking('reset')} disabled={busy}>
        Письмо для смены пароля
      </Button>
      {staffMay(permissions, 'staff-accounts') && record.role !== 'parent' && (
        <Button onClick={() => setAsking('invite')} disabled={busy}>
          Прислать приглашение
        </Button>
      )}
      <Confirm
        isOpen={asking === 'invite'}
        loading={busy}
        title="Прислать приглашение заново?"
        content={`Письмо со ссылкой на 24 часа уйдёт на ${record.email}: по ней сотрудник заново подключит приложение-аутентификатор (и придумает пароль, если его ещё нет). Прежняя ссылка перестанет работать.`}
        confirm="Отправить"
        cancel="Отмена"
        onConfirm={() =>
          void run(
            () =>
              call('admin/staff-invitations', {
                method: 'POST',
                body: { email: record.email, name: record.name || record.email, role: record.role },
              }),
            `Приглашение отправлено на ${record.email}`,
          )
        }
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'role' && role !== null}
        loading={busy}
        title="Сменить роль?"
        content={
          `Новая роль — «${role ? ROLE_LABELS[role] : ''}». Все сессии аккаунта закончатся сразу: ` +
          'войти нужно будет заново.' +
          (role !== 'parent' && record.role === 'parent'
            ? ' В админку сотрудник войдёт, когда подключит приложение-аутентификатор по приглашению: ' +
              'пришлите его потом кнопкой «Прислать приглашение».'
            : '')
        }
        confirm="Сменить"
        cancel="Отмена"
        onConfirm={() =>
          void run(
            () => call(`admin/users/${record.id}/role`, { method: 'PUT', body: { role } }),
            'Роль изменена, все сессии аккаунта закрыты',
          )
        }
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'extend'}
        loading={busy}
        title="Подарить семье дни подписки?"
        content={`${pluralize(days, DAYS)} добавятся после всего времени, что у семьи уже есть, на условиях её последней подписки.`}
        confirm="Подарить"
        cancel="Отмена"
        onConfirm={() =>
          void run(
            () =>
              call(`admin/users/${record.id}/subscription/extend`, {
                method: 'POST',
                body: { days },
              }),
            'Подписка продлена',
          )
        }
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'end'}
        loading={busy}
        title="Завершить подписку сейчас?"
        content="Уроки по подписке закроются сразу, автопродление выключится. Деньги это не возвращает."
        confirm="Завершить"
        cancel="Отмена"
        onConfirm={() =>
          void run(
            () => call(`admin/users/${record.id}/subscription/end`, { method: 'POST', body: {} }),
            'Подписка завершена',
          )
        }
        onClose={() => setAsking(null)}
      />
      <Button
        color={record.blocked ? 'primary' : 'error'}
        onClick={() => setAsking('block')}
        disabled={busy}
      >
        {record.blocked ? 'Открыть вход' : 'Закрыть вход'}
      </Button>
      <Confirm
        isOpen={asking === 'reset'}
        loading={busy}
        title="Отправить письмо для смены пароля?"
        content={`Письмо со ссылкой уйдёт на ${record.email}. Пароль не изменится, пока владелец не перейдёт по ссылке.`}
        confirm="Отправить"
        cancel="Отмена"
        onConfirm={() =>
          void run(
            () => dataProvider.action('users', record.id, 'password-reset'),
            `Письмо отправлено на ${record.email}`,
          )
        }
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'block'}
        loading={busy}
        title={record.blocked ? 'Открыть вход?' : 'Закрыть вход в аккаунт?'}
        content={
          record.blocked
            ? 'Владелец снова сможет войти со своим паролем.'
            : 'Все сессии аккаунта закончатся сразу, войти снова не получится. Рассылки перестанут приходить.'
        }
        confirm={record.blocked ? 'Открыть' : 'Закрыть вход'}
        cancel="Отмена"
        onConfirm={() =>
          void run(
            () => dataProvider.action('users', record.id, 'block', { blocked: !record.blocked }),
            record.blocked ? 'Вход открыт' : 'Вход закрыт',
          )
        }
        onClose={() => setAsking(null)}
      />
    </TopToolbar>
  );
}

export function UserShow() {
  return (
    <Show actions={<UserActions />}>
      <SimpleShowLayout>
        <FunctionField
          label="Почта"
          source="email"
          render={(r: AdminUser) => shownEmail(r.email)}
        />
        <TextField source="name" />
        <TextField source="surname" />
        <FunctionField
          label="Телефон"
          source="phone"
          render={(r: AdminUser) => (r.phone ? formatRussianPhone(r.phone) : '—')}
        />
        <Role label="Роль" source="role" />
        <BooleanField source="email_verified" />
        <BooleanField source="blocked" />
        <MoscowDateTime source="subscription_until" />
        <MoscowDateTime source="created_at" />
        <ArrayField source="children">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>Детей нет.</p>}>
            <TextField source="name" label="Имя" />
            <FunctionField
              label="Дата рождения"
              render={(child: { birth_date: string }) =>
                formatMoscowDate(`${child.birth_date}T12:00:00Z`)
              }
            />
            <FunctionField
              label="Группа"
              render={(child: { age_group: string | null }) =>
                child.age_group
                  ? (AGE_GROUP_AGES[child.age_group as AgeGroupSlug] ?? child.age_group)
                  : '—'
              }
            />
          </Datagrid>
        </ArrayField>
        <FunctionField label="Семья" render={(r: AdminUser) => <FamilyOf user={r} />} />
        <FunctionField
          label="Письмо недели"
          render={(r: AdminUser) => (r.role === 'parent' ? <WeeklyLetterPanel /> : '—')}
        />
        <ReferenceManyField reference="orders" target="user_id" label="Заказы" perPage={20}>
          <Datagrid bulkActionButtons={false} rowClick="show" empty={<p>Заказов нет.</p>}>
            <OrderFields />
          </Datagrid>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}
