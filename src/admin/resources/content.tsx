// Texts of the site: the landing's blocks with their key_values (footer_html among them), static pages,
// help instructions. HTML is written in a rich text editor and cleaned by the server on save.
import {
  ArrayInput,
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  Toolbar,
  SaveButton,
  required,
} from 'react-admin';
import { RichTextInput } from '../rich-text-input';
import { MoscowDateTime, formatMoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';
import { SaveOnlyToolbar } from '../save-only-toolbar';

const LANDING_KEYS: Record<string, string> = {
  landing: 'Главная страница',
  payment: 'Страница оплаты',
};

export function LandingList() {
  return (
    <List pagination={false} exporter={false} sort={{ field: 'id', order: 'ASC' }}>
      <ResponsiveRows<{ id: number; key: string; updated_at: string }>
        primary={(r) => LANDING_KEYS[r.key] ?? r.key}
        secondary={(r) => `Изменено ${formatMoscowDateTime(r.updated_at)}`}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            source="key"
            render={(record: { key: string }) => LANDING_KEYS[record.key] ?? record.key}
          />
          <TextField source="banner_text" />
          <MoscowDateTime source="updated_at" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

export function LandingEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <TextInput source="banner_text" fullWidth multiline />
        <TextInput source="banner_description" fullWidth multiline />
        <TextInput source="video_heading" fullWidth />
        <TextInput source="video_link" fullWidth />
        <TextInput source="video_poster" fullWidth />
        <TextInput source="promo_text" fullWidth multiline />
        <TextInput source="promo_button" />
        <TextInput source="special_text" fullWidth multiline />
        <NumberInput source="offer_percent" min={0} max={100} step={1} />
        <ArrayInput
          source="key_values"
          helperText="footer_html — текст подвала сайта (HTML: скрипты и опасные атрибуты удаляются при сохранении)."
        >
          <SimpleFormIterator inline disableReordering>
            <TextInput source="key" validate={required('Введите ключ')} />
            <TextInput source="value" multiline fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}

export function PageList() {
  return (
    <List pagination={false} exporter={false} sort={{ field: 'slug', order: 'ASC' }}>
      <ResponsiveRows<{ id: number; title: string; slug: string; version: string }>
        primary={(r) => r.title}
        secondary={(r) => `/${r.slug}, версия ${r.version}`}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" />
          <TextField source="slug" />
          <TextField source="version" />
          <MoscowDateTime source="updated_at" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

export function PageEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <TextInput source="title" fullWidth validate={required('Введите заголовок')} />
        <RichTextInput source="body_html" fullWidth validate={required('Напишите текст')} />
        <TextInput
          source="version"
          validate={required('Введите версию')}
          helperText="У документов согласия ссылаются на версию: поменяйте её, если изменился смысл документа."
        />
      </SimpleForm>
    </Edit>
  );
}

export function InstructionList() {
  return (
    <List pagination={false} exporter={false} sort={{ field: 'position', order: 'ASC' }}>
      <ResponsiveRows<{ id: number; title: string; position: number }>
        primary={(r) => r.title}
        secondary={(r) => `Порядок: ${r.position}`}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="position" />
          <TextField source="title" />
          <TextField source="slug" />
          <MoscowDateTime source="updated_at" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

function InstructionForm() {
  return (
    <>
      <TextInput source="title" fullWidth validate={required('Введите заголовок')} />
      <TextInput
        source="slug"
        validate={required('Введите адрес')}
        helperText="Часть адреса страницы: /personal/help/instructions/<адрес>. Латиница и дефисы."
      />
      <NumberInput source="position" min={0} step={1} defaultValue={0} />
      <RichTextInput source="body_html" fullWidth validate={required('Напишите текст')} />
    </>
  );
}

const InstructionToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteButton mutationMode="pessimistic" />
  </Toolbar>
);

export const InstructionCreate = () => (
  <Create redirect="list" title="Новая инструкция">
    <SimpleForm>
      <InstructionForm />
    </SimpleForm>
  </Create>
);

export const InstructionEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<InstructionToolbar />}>
      <InstructionForm />
    </SimpleForm>
  </Edit>
);
