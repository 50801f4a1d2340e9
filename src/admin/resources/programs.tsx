import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  required,
  useRecordContext,
} from 'react-admin';
import { HOME_ACTIVITY_MAX } from '@contract/api/admin-learning';
import { Button } from '@mui/material';
import { Link } from 'react-router';
import { ResponsiveRows } from '../responsive-list';
import { SaveOnlyToolbar } from '../save-only-toolbar';

interface ProgramRecord {
  id: number;
  title: string;
  age_group_title: string;
  is_active: boolean;
  weeks_count: number;
  lessons_count: number;
}

interface WeekRecord {
  id: number;
  main_program_id: number;
  program_title: string;
  number: number;
  title: string;
  lessons_count: number;
}

const filterLink = (resource: string, filter: object) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

export function ProgramList() {
  return (
    <List exporter={false} pagination={false}>
      <ResponsiveRows<ProgramRecord>
        primary={(r) => r.title}
        secondary={(r) => `${r.weeks_count} нед., ${r.lessons_count} ур.`}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" label="Программа" sortable={false} />
          <TextField source="age_group_title" label="Возрастная группа" sortable={false} />
          <NumberField source="weeks_count" label="Недель" sortable={false} />
          <NumberField source="lessons_count" label="Уроков" sortable={false} />
          <BooleanField source="is_active" label="Открыта" sortable={false} />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

function ProgramLinks() {
  const record = useRecordContext<ProgramRecord>();
  if (!record) return null;
  return (
    <Button component={Link} to={filterLink('weeks', { main_program_id: record.id })}>
      Недели программы
    </Button>
  );
}

export const ProgramEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <TextInput source="title" label="Название" validate={required('Введите название')} />
      <BooleanInput
        source="is_active"
        label="Открыта для детей"
        helperText="Закрытую программу дети не видят, пока её снова не откроют."
      />
      <ProgramLinks />
    </SimpleForm>
  </Edit>
);

const weekFilters = [
  <ReferenceInput key="program" source="main_program_id" reference="programs" alwaysOn>
    <SelectInput optionText="title" label="Программа" />
  </ReferenceInput>,
  <SearchInput key="q" source="q" alwaysOn placeholder="Номер или название" />,
];

function WeekLessonsLink() {
  const record = useRecordContext<WeekRecord>();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={filterLink('lessons', { week_id: record.id })}
      onClick={(event) => event.stopPropagation()}
    >
      Уроки ({record.lessons_count})
    </Button>
  );
}

export function WeekList() {
  return (
    <List filters={weekFilters} exporter={false} sort={{ field: 'number', order: 'ASC' }}>
      <ResponsiveRows<WeekRecord>
        primary={(r) => `Неделя ${r.number}. ${r.title}`}
        secondary={(r) => `${r.program_title}, уроков: ${r.lessons_count}`}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="program_title" label="Программа" sortable={false} />
          <NumberField source="number" label="Неделя" />
          <TextField source="title" label="Название" />
          <FunctionField label="Уроки" render={() => <WeekLessonsLink />} />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

function WeekForm() {
  return (
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <ReferenceInput source="main_program_id" reference="programs">
        <SelectInput
          optionText="title"
          label="Программа"
          validate={required('Выберите программу')}
        />
      </ReferenceInput>
      <NumberInput
        source="number"
        label="Номер недели"
        min={1}
        step={1}
        validate={required('Укажите номер недели')}
        helperText="Неделя открывается ребёнку по порядку: первая — в начале занятий."
      />
      <TextInput source="title" label="Название" validate={required('Введите название')} />
      <TextInput
        source="home_activity"
        label="Чем заняться дома"
        multiline
        minRows={3}
        fullWidth
        validate={maxLength(HOME_ACTIVITY_MAX, `Не длиннее ${HOME_ACTIVITY_MAX} символов`)}
        helperText="Одно занятие для родителя с ребёнком без экрана, на пару предложений. Приходит в письме недели по воскресеньям."
      />
    </SimpleForm>
  );
}

export const WeekCreate = () => (
  <Create redirect="list" title="Новая неделя">
    <WeekForm />
  </Create>
);

export const WeekEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <WeekForm />
  </Edit>
);
