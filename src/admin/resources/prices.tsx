// Prices beside the tariffs: each additional program's prices by the number of children, and the price of a
// skipped week of each main program. The administrator edits them in whole roubles; support reads. The
// programs' texts and lessons are edited in their own sections.
import { Alert } from '@mui/material';
import {
  ArrayField,
  ArrayInput,
  BooleanField,
  BooleanInput,
  Datagrid,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  SearchInput,
  Show,
  SimpleForm,
  SimpleFormIterator,
  SimpleShowLayout,
  TextField,
  required,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import {
  MAX_AMOUNT_CHILDREN,
  MAX_PRICE_ROUBLES,
  type AdminOffer,
  type AdminProgramPrices,
  type AdminWeekPrice,
} from '@contract/api/admin-catalog';
import { formatPrice } from '@contract/money';
import { CHILDREN, pluralize } from '@contract/plural';
import { ResponsiveRows } from '../responsive-list';
import { SaveOnlyToolbar } from '../save-only-toolbar';
import { staffMay } from '@contract/staff-access';

const roubles = (value: number) => formatPrice(Math.round(value * 100));
const offersText = (r: AdminProgramPrices) =>
  r.offers.length === 0
    ? 'цен нет'
    : r.offers
        .map(
          (o) =>
            `${pluralize(o.amount_children, CHILDREN)} — ${roubles(o.price)}${o.is_active ? '' : ' (выкл.)'}`,
        )
        .join(' · ');
const programState = (r: AdminProgramPrices) =>
  !r.program_active ? 'скрыта на сайте' : r.locked ? 'скоро (не продаётся)' : 'продаётся';

const NEW_PURCHASES_ONLY =
  'Новая цена сразу видна в магазине и действует для новых покупок; заказы, оформленные раньше, ' +
  'оплачиваются по своей цене.';

export function ProgramPricesList() {
  const { permissions } = usePermissions<string>();
  const open = staffMay(permissions, 'price-changes') ? 'edit' : 'show';
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Программа" />]}
      exporter={false}
      sort={{ field: '', order: 'ASC' }}
    >
      <ResponsiveRows<AdminProgramPrices>
        primary={(r) => r.title}
        secondary={offersText}
        tertiary={programState}
        link={open}
      >
        <Datagrid rowClick={open} bulkActionButtons={false}>
          <TextField source="title" label="Программа" sortable={false} />
          <FunctionField<AdminProgramPrices> label="Цены" render={offersText} />
          <FunctionField<AdminProgramPrices> label="На сайте" render={programState} />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

function ProgramNotes() {
  const record = useRecordContext<AdminProgramPrices>();
  return (
    <Alert severity="info" sx={{ mb: 2, maxWidth: 640 }}>
      {NEW_PURCHASES_ONLY} Строку, которую уже покупали, нельзя удалить и нельзя поменять в ней
      число детей — её можно выключить.
      {record &&
        record.locked &&
        ' Программа отмечена «скоро»: её не продают, какие бы цены ни стояли.'}
      {record && !record.program_active && ' Программа скрыта на сайте: её цены не видны.'}
    </Alert>
  );
}

/** Prices are saved, never deleted as a whole: no «Удалить» here. */

export const ProgramPricesEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <ProgramNotes />
      <TextField source="title" label="Программа" variant="h6" />
      <ArrayInput source="offers" label="Цены по числу детей">
        <SimpleFormIterator inline disableReordering disableClear>
          <FormDataConsumer<{ sold?: boolean }>>
            {({ scopedFormData }) => (
              <NumberInput
                source="amount_children"
                label="Детей"
                min={1}
                max={MAX_AMOUNT_CHILDREN}
                step={1}
                // A row someone bought keeps its number of children.
                disabled={scopedFormData?.sold === true}
                validate={required('Укажите, на скольких детей')}
              />
            )}
          </FormDataConsumer>
          <NumberInput
            source="price"
            label="Цена, ₽"
            min={1}
            max={MAX_PRICE_ROUBLES}
            step={1}
            validate={required('Укажите цену в рублях')}
          />
          <BooleanInput source="is_active" label="Продаётся" defaultValue />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  </Edit>
);

export function ProgramPricesShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" label="Программа" />
        <FunctionField<AdminProgramPrices> label="На сайте" render={programState} />
        <ArrayField source="offers" label="Цены">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>Цен нет.</p>}>
            <FunctionField<AdminOffer>
              label="Детей"
              render={(o) => pluralize(o.amount_children, CHILDREN)}
            />
            <FunctionField<AdminOffer> label="Цена" render={(o) => roubles(o.price)} />
            <BooleanField source="is_active" label="Продаётся" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}

export function WeekPriceList() {
  const { permissions } = usePermissions<string>();
  const open = staffMay(permissions, 'price-changes') ? 'edit' : 'show';
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Программа или возраст" />]}
      exporter={false}
      sort={{ field: '', order: 'ASC' }}
    >
      <ResponsiveRows<AdminWeekPrice>
        primary={(r) => r.title}
        secondary={(r) => `${roubles(r.week_price)} за неделю`}
        tertiary={(r) => r.age_group}
        link={open}
      >
        <Datagrid rowClick={open} bulkActionButtons={false}>
          <TextField source="title" label="Программа" sortable={false} />
          <TextField source="age_group" label="Возраст" sortable={false} />
          <FunctionField<AdminWeekPrice>
            label="Неделя стоит"
            render={(r) => roubles(r.week_price)}
          />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

export const WeekPriceEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <Alert severity="info" sx={{ mb: 2, maxWidth: 640 }}>
        Столько стоит одна пропущенная неделя этой программы, купленная отдельно («Пропущенные
        недели»). {NEW_PURCHASES_ONLY}
      </Alert>
      <TextField source="title" label="Программа" variant="h6" />
      <NumberInput
        source="week_price"
        label="Цена недели, ₽"
        min={1}
        max={MAX_PRICE_ROUBLES}
        step={1}
        validate={required('Укажите цену в рублях')}
      />
    </SimpleForm>
  </Edit>
);

export function WeekPriceShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" label="Программа" />
        <TextField source="age_group" label="Возраст" />
        <FunctionField<AdminWeekPrice> label="Неделя стоит" render={(r) => roubles(r.week_price)} />
      </SimpleShowLayout>
    </Show>
  );
}
