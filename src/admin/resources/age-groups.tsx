import {
  ArrayInput,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { ResponsiveRows } from '../responsive-list';
import { SaveOnlyToolbar } from '../save-only-toolbar';

interface AgeGroupRecord {
  id: number;
  title: string;
  min_age: number;
  max_age: number;
}

const ages = (r: AgeGroupRecord) => `${r.min_age}–${r.max_age}`;

export function AgeGroupList() {
  return (
    <List exporter={false} pagination={false}>
      <ResponsiveRows<AgeGroupRecord> primary={(r) => r.title} secondary={ages} link="edit">
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" label="Название" sortable={false} />
          <FunctionField<AgeGroupRecord> label="Возраст, лет" render={ages} />
          <TextField source="description" label="Описание" sortable={false} />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

export const AgeGroupEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <TextInput source="title" label="Название" validate={required('Введите название')} />
      <NumberInput source="min_age" label="С возраста, лет" min={0} max={12} step={1} />
      <NumberInput source="max_age" label="До возраста, лет" min={0} max={12} step={1} />
      <TextInput
        source="description"
        label="Описание на сайте"
        multiline
        minRows={3}
        fullWidth
        validate={required('Напишите описание')}
      />
      <ArrayInput source="skills" label="Чему научится ребёнок">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="Навык" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="topics" label="Темы занятий">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="Тема" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  </Edit>
);
