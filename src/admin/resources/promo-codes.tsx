import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Datagrid,
  DateInput,
  Edit,
  FunctionField,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { PURCHASE_TYPE_TITLES, type AdminPromo } from '@contract/api/admin-store';
import { formatPrice } from '@contract/money';
import { formatMoscowDate } from '@contract/moscow-date';
import { ResponsiveRows } from '../responsive-list';
import { SaveOnlyToolbar } from '../save-only-toolbar';

const typeChoices = Object.entries(PURCHASE_TYPE_TITLES).map(([id, name]) => ({ id, name }));
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const discount = (r: AdminPromo) =>
  r.kind === 'percent' ? `${r.value}\u00a0%` : formatPrice(r.value * 100);
const day = (iso: string) => formatMoscowDate(`${iso}T12:00:00Z`);
const period = (r: AdminPromo) =>
  r.valid_from || r.valid_until
    ? `${r.valid_from ? `с ${day(r.valid_from)}` : ''}${r.valid_until ? ` по ${day(r.valid_until)}` : ''}`.trim()
    : 'без срока';

export function PromoList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Промокод" />]}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
    >
      <ResponsiveRows<AdminPromo>
        primary={(r) => `${r.code} — ${discount(r)}`}
        secondary={period}
        tertiary={(r) => (r.is_active ? '' : 'выключен')}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="code" sortable={false} />
          <FunctionField<AdminPromo> label="Скидка" render={discount} />
          <FunctionField<AdminPromo>
            label="На что"
            render={(r) =>
              r.purchase_types.length === 0
                ? 'на всё'
                : r.purchase_types.map((t) => PURCHASE_TYPE_TITLES[t]).join(', ')
            }
          />
          <FunctionField<AdminPromo> label="Срок" render={period} />
          <FunctionField<AdminPromo>
            label="Применён"
            render={(r) =>
              r.max_uses === null ? `${r.used_count}` : `${r.used_count} из ${r.max_uses}`
            }
          />
          <BooleanField source="is_active" sortable={false} />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

function PromoForm() {
  return (
    <SimpleForm
      toolbar={<SaveOnlyToolbar />}
      defaultValues={{ kind: 'percent', purchase_types: [], is_active: true }}
    >
      <TextInput
        source="code"
        validate={required('Введите промокод')}
        helperText="Родители вводят его без учёта регистра; сохраняется заглавными буквами."
      />
      <SelectInput
        source="kind"
        choices={[
          { id: 'percent', name: 'Процент от суммы' },
          { id: 'fixed', name: 'Сумма в рублях' },
        ]}
        validate={required('Выберите вид скидки')}
      />
      <NumberInput
        source="value"
        min={1}
        step={1}
        validate={required('Укажите размер скидки')}
        helperText="Процент (1–100) или рубли — смотря по виду скидки."
      />
      <CheckboxGroupInput
        source="purchase_types"
        choices={typeChoices}
        helperText="Ничего не отмечено — действует на всё."
      />
      <DateInput source="valid_from" parse={orNull} helperText="По московскому времени, с 00:00." />
      <DateInput
        source="valid_until"
        parse={orNull}
        helperText="Включительно, до 24:00 по Москве."
      />
      <NumberInput
        source="max_uses"
        min={1}
        step={1}
        parse={orNull}
        helperText="Пусто — без ограничения."
      />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const PromoCreate = () => (
  <Create redirect="list" title="Новый промокод">
    <PromoForm />
  </Create>
);

export const PromoEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <PromoForm />
  </Edit>
);
