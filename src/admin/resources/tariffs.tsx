// Tariffs: the administrator edits prices and what the store offers; support reads. Prices are typed in
// whole roubles. A bought tariff keeps its kind, months and children; the free trial has no price.
import { Alert } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  NumberInput,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  required,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import {
  MAX_AMOUNT_CHILDREN,
  MAX_PRICE_ROUBLES,
  MAX_TARIFF_MONTHS,
  MAX_TRIAL_DAYS,
  TARIFF_KIND_TITLES,
  type AdminTariff,
} from '@contract/api/admin-catalog';
import { formatPrice } from '@contract/money';
import { CHILDREN, DAYS, MONTHS, pluralize } from '@contract/plural';
import { MoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';
import { staffMay } from '@contract/staff-access';

const kindChoices = Object.entries(TARIFF_KIND_TITLES).map(([id, name]) => ({ id, name }));

const price = (r: AdminTariff) =>
  r.is_free ? 'бесплатно' : formatPrice(Math.round(r.price * 100));
const term = (r: AdminTariff) =>
  r.is_free ? pluralize(r.trial_days, DAYS) : pluralize(r.duration, MONTHS);
const state = (r: AdminTariff) => (r.is_active ? 'продаётся' : 'выключен');

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Название или код" />,
  <SelectInput key="kind" source="kind" label="Вид" choices={kindChoices} alwaysOn />,
  <SelectInput
    key="is_active"
    source="is_active"
    label="В магазине"
    choices={[
      { id: 'true', name: 'Продаются' },
      { id: 'false', name: 'Выключены' },
    ]}
    alwaysOn
  />,
];

export function TariffList() {
  const { permissions } = usePermissions<string>();
  const open = staffMay(permissions, 'price-changes') ? 'edit' : 'show';
  return (
    // No sort named: the server lists tariffs in the store's own order.
    <List filters={filters} exporter={false} perPage={50} sort={{ field: '', order: 'ASC' }}>
      <ResponsiveRows<AdminTariff>
        primary={(r) => r.title}
        secondary={(r) => `${price(r)} · ${term(r)} · ${pluralize(r.amount_children, CHILDREN)}`}
        tertiary={state}
        link={open}
      >
        <Datagrid rowClick={open} bulkActionButtons={false}>
          <TextField source="title" label="Название" />
          <FunctionField<AdminTariff>
            source="kind"
            label="Вид"
            render={(r) => (r.is_free ? 'Пробная неделя' : TARIFF_KIND_TITLES[r.kind])}
          />
          <FunctionField<AdminTariff> source="duration" label="Срок" render={term} />
          <FunctionField<AdminTariff>
            source="amount_children"
            label="Детей"
            render={(r) => r.amount_children}
          />
          <FunctionField<AdminTariff> source="price" label="Цена" render={price} />
          <BooleanField source="is_active" label="Продаётся" />
          <FunctionField<AdminTariff>
            label="Автопродление"
            render={(r) => (r.renewals > 0 ? `у ${r.renewals}` : '—')}
          />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

/** What a change does, said where it is made. */
function Terms() {
  const record = useRecordContext<AdminTariff>();
  return (
    <Alert severity="info" sx={{ mb: 2, maxWidth: 640 }}>
      Новая цена сразу видна в магазине и действует для новых покупок. Заказы, оформленные раньше,
      оплачиваются по своей цене. Автопродление не дорожает: семья платит не больше, чем в прошлый
      раз, а сниженная цена действует со следующего списания.
      {record?.sold &&
        ' Тариф уже покупали: его вид, срок и число детей не меняются, удалить его нельзя — только выключить.'}
      {record && record.renewals > 0 && ` Автопродление на этом тарифе у ${record.renewals}.`}
    </Alert>
  );
}

function TariffInputs({ creating }: { creating: boolean }) {
  const record = useRecordContext<AdminTariff>();
  const trial = record?.is_free === true;
  const fixed = !creating && record?.sold === true;
  return (
    <>
      <Terms />
      <SelectInput
        source="kind"
        label="Вид"
        choices={kindChoices}
        disabled={fixed || trial}
        validate={required('Выберите вид тарифа')}
      />
      <TextInput
        source="title"
        label="Название"
        validate={required('Введите название')}
        fullWidth
        helperText="Так тариф называется в магазине, в письмах и в чеке."
      />
      {trial ? (
        <NumberInput
          source="trial_days"
          label="Длина пробного периода, дней"
          min={1}
          max={MAX_TRIAL_DAYS}
          step={1}
          helperText="Пробная неделя бесплатна: цены и месяцев у неё нет. Новая длина — для новых пробных периодов."
        />
      ) : (
        <>
          <NumberInput
            source="duration"
            label="Срок, месяцев"
            min={1}
            max={MAX_TARIFF_MONTHS}
            step={1}
            disabled={fixed}
            validate={required('Укажите срок в месяцах')}
          />
          <NumberInput
            source="price"
            label="Цена, ₽"
            min={1}
            max={MAX_PRICE_ROUBLES}
            step={1}
            validate={required('Укажите цену в рублях')}
            helperText="Целое число рублей за весь срок."
          />
        </>
      )}
      <NumberInput
        source="amount_children"
        label="Детей"
        min={1}
        max={MAX_AMOUNT_CHILDREN}
        step={1}
        disabled={fixed}
        validate={required('Укажите, на скольких детей')}
      />
      <BooleanInput
        source="is_active"
        label="Продаётся"
        helperText="Выключенный тариф сразу пропадает из магазина; купленное остаётся у семей."
      />
    </>
  );
}

function EditToolbar() {
  const record = useRecordContext<AdminTariff>();
  const removable = record !== undefined && !record.sold && record.code.startsWith('admin-');
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {removable && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="Удалить тариф?"
          confirmContent="Его никто не покупал. Удалённый тариф не вернуть."
        />
      )}
    </Toolbar>
  );
}

export const TariffCreate = () => (
  <Create redirect="list" title="Новый тариф">
    <SimpleForm
      defaultValues={{ kind: 'subscription', amount_children: 1, duration: 1, is_active: true }}
    >
      <TariffInputs creating />
    </SimpleForm>
  </Create>
);

export const TariffEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<EditToolbar />}>
      <TariffInputs creating={false} />
    </SimpleForm>
  </Edit>
);

export function TariffShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" label="Название" />
        <FunctionField<AdminTariff>
          label="Вид"
          render={(r) => (r.is_free ? 'Пробная неделя' : TARIFF_KIND_TITLES[r.kind])}
        />
        <FunctionField<AdminTariff> label="Срок" render={term} />
        <FunctionField<AdminTariff> label="Детей" render={(r) => r.amount_children} />
        <FunctionField<AdminTariff> label="Цена" render={price} />
        <BooleanField source="is_active" label="Продаётся" />
        <FunctionField<AdminTariff>
          label="Автопродление"
          render={(r) => (r.renewals > 0 ? `у ${r.renewals}` : 'ни у кого')}
        />
        <TextField source="code" label="Код" />
        <MoscowDateTime source="updated_at" label="Изменён" />
      </SimpleShowLayout>
    </Show>
  );
}
