import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { ORDER_STATE_LABELS, type AdminOrder } from '@contract/api/admin-families';
import { formatPrice } from '@contract/money';
import { MoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';

const TYPE_LABELS: Record<string, string> = {
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
          `${TYPE_LABELS[r.purchase_type] ?? r.purchase_type}${r.kind === 'renewal' ? ' (автопродление)' : ''}`
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
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false}>
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

export function OrderShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="order_number" label="Номер заказа" />
        <TextField source="user_email" label="Родитель" emptyText="—" />
        <FunctionField<AdminOrder>
          label="Покупка"
          render={(r) => TYPE_LABELS[r.purchase_type] ?? r.purchase_type}
        />
        <FunctionField<AdminOrder> label="Сумма" render={(r) => formatPrice(r.amount)} />
        <FunctionField<AdminOrder> label="Статус" render={(r) => ORDER_STATE_LABELS[r.state]} />
        <TextField source="fail_reason" label="Причина" emptyText="—" />
        <TextField source="masked_pan" label="Карта" emptyText="—" />
        <MoscowDateTime source="created_at" label="Создан" />
        <MoscowDateTime source="settled_at" label="Оплачен или отклонён" />
      </SimpleShowLayout>
    </Show>
  );
}
