import { useState } from 'react';
import { Button, DialogContentText, TextField as Field } from '@mui/material';
import {
  Confirm,
  Datagrid,
  FunctionField,
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
import {
  ORDER_STATE_LABELS,
  REFUND_REASON_MAX,
  type AdminOrder,
  type AdminRefund,
} from '@contract/api/admin-families';
import { formatPrice } from '@contract/money';
import { dataProvider } from '../data-provider';
import { MoscowDateTime } from '../moscow-date';
import { OrderListActions } from './orders-export';
import { ResponsiveRows } from '../responsive-list';
import { staffMay } from '@contract/staff-access';

export const PURCHASE_TYPE_LABELS: Record<string, string> = {
  subscription: 'Подписка',
  gift: 'Подарок',
  'child-slot': 'Место для ребёнка',
  weeks: 'Пропущенные недели',
  'additional-program': 'Доп. программа',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Номер заказа или почта" />,
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={Object.entries(ORDER_STATE_LABELS).map(([id, name]) => ({ id, name }))}
  />,
];

/** The columns an order shows in a list: here and in an account's orders. */
export function OrderFields() {
  return (
    <>
      <TextField source="order_number" label="Номер" />
      <FunctionField<AdminOrder>
        label="Покупка"
        render={(r) =>
          `${PURCHASE_TYPE_LABELS[r.purchase_type] ?? r.purchase_type}${r.kind === 'renewal' ? ' (автопродление)' : ''}`
        }
      />
      <FunctionField<AdminOrder> label="Сумма" render={(r) => formatPrice(r.amount)} />
      <FunctionField<AdminOrder> label="Статус" render={(r) => ORDER_STATE_LABELS[r.state]} />
      <MoscowDateTime source="created_at" label="Создан" />
    </>
  );
}

export function OrderList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
      actions={<OrderListActions />}
      // The list, not react-admin's «empty» page, even before the first order: the search and the file
      // for the accountant stay where staff look for them.
      empty={false}
    >
      <ResponsiveRows<AdminOrder>
        primary={(r) => `${r.order_number} · ${formatPrice(r.amount)}`}
        secondary={(r) => r.user_email ?? ''}
        tertiary={(r) => ORDER_STATE_LABELS[r.state]}
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <OrderFields />
          <TextField source="user_email" label="Родитель" emptyText="—" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

/** What a refund takes back, by what was bought: said before the administrator agrees. */
const TAKES_BACK: Record<string, string> = {
  subscription:
    'Подписка по этому заказу закончится сейчас (ещё не начавшаяся — отменится), следующие оплаченные ' +
    'периоды сдвинутся раньше, автопродление выключится.',
  gift: 'Подарочный сертификат отменится, код перестанет работать. Активированный подарок вернуть нельзя.',
  'child-slot': 'Купленное место для ребёнка снимется.',
  weeks: 'Купленные недели закроются.',
  'additional-program': 'Дополнительная программа закроется.',
};

/** «Вернуть деньги»: the administrator's, for a paid order; the dialog names the sum and what goes. */
function OrderActions() {
  const record = useRecordContext<AdminOrder>();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || !staffMay(permissions, 'refunds') || record.state !== 'paid') return null;

  const refund = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.action<{ data: AdminRefund }>(
        'orders',
        record.id,
        'refund',
        reason.trim() ? { reason: reason.trim() } : {},
      );
      const said = [...data.taken_back, ...data.left.map((line) => `Не забрано: ${line}`)];
      notify(['Деньги возвращены', ...said].join('. '), {
        type: data.left.length > 0 ? 'warning' : 'success',
        autoHideDuration: 10_000,
      });
      setReason('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <TopToolbar>
      <Button color="error" onClick={() => setAsking(true)} disabled={busy}>
        Вернуть деньги
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={`Вернуть ${formatPrice(record.amount)}?`}
        content={
          <>
            <DialogContentText gutterBottom>
              Банк вернёт всю сумму — {formatPrice(record.amount)} — на карту, с которой платили.
              Родитель получит письмо.
            </DialogContentText>
            <DialogContentText gutterBottom>
              {TAKES_BACK[record.purchase_type] ?? ''}
            </DialogContentText>
            <Field
              label="Причина (необязательно)"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
              fullWidth
              multiline
              size="small"
            />
          </>
        }
        confirm="Вернуть деньги"
        cancel="Отмена"
        onConfirm={() => void refund()}
        onClose={() => setAsking(false)}
      />
    </TopToolbar>
  );
}

export function OrderShow() {
  return (
    <Show actions={<OrderActions />}>
      <SimpleShowLayout>
        <TextField source="order_number" label="Номер заказа" />
        <TextField source="user_email" label="Родитель" emptyText="—" />
        <FunctionField<AdminOrder>
          label="Покупка"
          render={(r) => PURCHASE_TYPE_LABELS[r.purchase_type] ?? r.purchase_type}
        />
        <FunctionField<AdminOrder> label="Сумма" render={(r) => formatPrice(r.amount)} />
        <FunctionField<AdminOrder> label="Статус" render={(r) => ORDER_STATE_LABELS[r.state]} />
        <TextField source="fail_reason" label="Причина" emptyText="—" />
        <TextField source="masked_pan" label="Карта" emptyText="—" />
        <MoscowDateTime source="created_at" label="Создан" />
        <MoscowDateTime source="settled_at" label="Оплачен или отклонён" />
        <MoscowDateTime source="refunded_at" label="Деньги возвращены" />
        <TextField source="refunded_by_email" label="Кто вернул" emptyText="—" />
        <TextField source="refund_reason" label="Причина возврата" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
