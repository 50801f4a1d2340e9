import {
  BooleanField,
  Datagrid,
  Edit,
  List,
  NumberField,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { ResponsiveRows } from '../responsive-list';
import { SaveOnlyToolbar } from '../save-only-toolbar';

interface CategoryRow {
  id: number;
  title: string;
  subscribers: number;
  unsubscribed: number;
}

/** Who receives each category and how many left it: the unsubscribe statistics of mailing. */
export function MailingCategoryList() {
  return (
    <List pagination={false} exporter={false} sort={{ field: 'id', order: 'ASC' }}>
      <ResponsiveRows<CategoryRow>
        primary={(r) => r.title}
        secondary={(r) => `Получают: ${r.subscribers}, отписались: ${r.unsubscribed}`}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" />
          <TextField source="description" />
          <BooleanField source="requires_consent" />
          <NumberField source="subscribers" />
          <NumberField source="unsubscribed" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

export function MailingCategoryEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <TextInput source="title" fullWidth validate={required('Введите название')} />
        <TextInput
          source="description"
          multiline
          fullWidth
          helperText="Родители видят его в настройках рассылок и на странице отписки."
        />
      </SimpleForm>
    </Edit>
  );
}
