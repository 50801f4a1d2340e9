// Gift certificates: found by code or an address, with what became of each. Support sees a code's first
// group only; the administrator sees codes whole and may cancel one nobody has activated (money goes back
// through «Вернуть деньги» on the order, which cancels the certificate by itself).
import { useState } from 'react';
import { Alert, Button, TextField as Field } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  Link,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { CERTIFICATE_STATUS_TITLES, type AdminCertificate } from '@contract/api/admin-catalog';
import { formatPrice } from '@contract/money';
import { CHILDREN, MONTHS, pluralize } from '@contract/plural';
import { dataProvider } from '../data-provider';
import { MoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';
import { staffMay } from '@contract/staff-access';

const statusChoices = Object.entries(CERTIFICATE_STATUS_TITLES).map(([id, name]) => ({ id, name }));
const status = (r: AdminCertificate) => CERTIFICATE_STATUS_TITLES[r.status];
const what = (r: AdminCertificate) =>
  `${pluralize(r.duration, MONTHS)}, ${pluralize(r.amount_children, CHILDREN)}`;

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Код целиком или почта"
    sx={{ minWidth: 280 }}
  />,
  <SelectInput key="status" source="status" label="Статус" choices={statusChoices} alwaysOn />,
];

export function CertificateList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      <ResponsiveRows<AdminCertificate>
        primary={(r) => `${r.code} · ${status(r)}`}
        secondary={(r) => r.buyer_email ?? 'покупатель удалил аккаунт'}
        tertiary={what}
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="code" label="Код" sortable={false} />
          <FunctionField<AdminCertificate> label="Статус" render={status} />
          <FunctionField<AdminCertificate> label="Что" render={what} />
          <TextField source="buyer_email" label="Покупатель" emptyText="—" sortable={false} />
          <TextField
            source="activated_by_email"
            label="Активировал"
            emptyText="—"
            sortable={false}
          />
          <MoscowDateTime source="created_at" label="Куплен" />
          <MoscowDateTime source="expires_at" label="Действует до" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

/** The administrator's cancel, with the reason written down and what it does not do said first. */
function CertificateActions() {
  const record = useRecordContext<AdminCertificate>();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || !staffMay(permissions, 'gift-cancel')) return null;
  if (record.status !== 'active' && record.status !== 'off') return null;

  const cancel = async () => {
    setBusy(true);
    try {
      await dataProvider.action('gift-certificates', record.id, 'cancel', { reason });
      notify('Сертификат отменён: код больше не работает', { type: 'success' });
      setAsking(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <TopToolbar sx={{ alignItems: 'flex-start', flexDirection: 'column', gap: 1 }}>
      {!asking ? (
        <Button color="error" onClick={() => setAsking(true)}>
          Отменить сертификат
        </Button>
      ) : (
        <>
          <Alert severity="warning" sx={{ maxWidth: 640 }}>
            Код перестанет действовать сразу, у покупателя подарок пропадёт из «Моих подарков».
            Деньги это не возвращает: если покупатель хочет их назад, нажмите «Вернуть деньги» в
            заказе {record.order_number ?? ''} — сертификат отменится сам. Отмена без возврата — для
            оспоренного платежа или денег, уже возвращённых банком.
          </Alert>
          <Field
            size="small"
            label="Почему отменяется"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            sx={{ width: 420, maxWidth: '100%' }}
          />
          <div>
            <Button
              color="error"
              variant="contained"
              disabled={busy || reason.trim().length < 3}
              onClick={() => void cancel()}
            >
              Отменить сертификат
            </Button>
            <Button onClick={() => setAsking(false)} disabled={busy}>
              Не отменять
            </Button>
          </div>
        </>
      )}
    </TopToolbar>
  );
}

export function CertificateShow() {
  return (
    <Show actions={<CertificateActions />}>
      <SimpleShowLayout>
        <TextField source="code" label="Код" />
        <FunctionField<AdminCertificate> label="Статус" render={status} />
        <TextField source="title" label="Тариф" />
        <FunctionField<AdminCertificate> label="Что даёт" render={what} />
        <FunctionField<AdminCertificate> label="Оплачено" render={(r) => formatPrice(r.paid)} />
        <FunctionField<AdminCertificate>
          label="Заказ"
          render={(r) =>
            r.order_id === null ? (
              '—'
            ) : (
              <Link to={`/orders/${r.order_id}/show`}>{r.order_number}</Link>
            )
          }
        />
        <TextField source="buyer_email" label="Покупатель" emptyText="—" />
        <TextField source="sent_to" label="Отправлен на почту" emptyText="—" />
        <MoscowDateTime source="sent_at" label="Отправлен" />
        <TextField source="activated_by_email" label="Активировал" emptyText="—" />
        <MoscowDateTime source="activated_at" label="Активирован" />
        <MoscowDateTime source="created_at" label="Куплен" />
        <MoscowDateTime source="expires_at" label="Действует до" />
        <MoscowDateTime source="cancelled_at" label="Отменён" />
        <TextField source="cancelled_by" label="Кто отменил" emptyText="—" />
        <TextField source="cancel_reason" label="Почему" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
