import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useGetOne,
  useRecordContext,
} from 'react-admin';
import { Box, LinearProgress, Typography } from '@mui/material';
import type { AdminLesson } from '@contract/api/admin-learning';
import { MediaUploadInput, formatDuration } from '../media-upload-input';
import { ResponsiveRows } from '../responsive-list';
import { SaveOnlyToolbar } from '../save-only-toolbar';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Название урока" />,
  <ReferenceInput key="program" source="main_program_id" reference="programs" alwaysOn>
    <SelectInput optionText="title" label="Программа" />
  </ReferenceInput>,
  <ReferenceInput key="extra" source="additional_program_id" reference="lesson-places">
    <SelectInput optionText="title" label="Дополнительная программа" />
  </ReferenceInput>,
];

export function LessonList() {
  return (
    <List filters={filters} exporter={false}>
      <ResponsiveRows<AdminLesson>
        primary={(r) => r.title}
        secondary={(r) => `${r.place_title}, урок ${r.position}`}
        tertiary={(r) => (r.is_active ? formatDuration(r.duration_seconds) : 'черновик')}
        link="edit"
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="place_title" label="Где" sortable={false} />
          <TextField source="position" label="№" sortable={false} />
          <TextField source="title" label="Название" />
          <FunctionField<AdminLesson>
            label="Длительность"
            render={(r) => formatDuration(r.duration_seconds)}
          />
          <FunctionField<AdminLesson>
            label="Видео для медленной связи"
            render={(r) => SHORT_STATUS[r.video_status.state](r.video_status.progress)}
          />
          <BooleanField source="is_active" label="Опубликован" sortable={false} />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

const SHORT_STATUS: Record<AdminLesson['video_status']['state'], (progress: number) => string> = {
  none: () => '—',
  queued: () => 'В очереди',
  running: (progress) => `Готовим: ${progress}\u00a0%`,
  ready: () => 'Готово',
  failed: () => 'Ошибка',
};

/**
 * How far the video's adaptive ladder (HLS) is. Asked again every few seconds while it is being made, as
 * a query of its own, so the form the editor is filling in is never reset by the refresh.
 */
function VideoStatus({ record }: { record: AdminLesson }) {
  const { data } = useGetOne<AdminLesson>(
    'lessons',
    { id: record.id, meta: { videoStatus: true } },
    {
      refetchInterval: (query) => {
        const state = query.state.data?.video_status.state ?? record.video_status.state;
        return state === 'queued' || state === 'running' ? 3000 : false;
      },
    },
  );
  const status = data?.video_status ?? record.video_status;
  return (
    <Box sx={{ mt: 1 }} role="status" aria-live="polite">
      <Typography variant="body2" color={status.state === 'failed' ? 'error' : 'text.primary'}>
        Видео для медленной связи: {status.message}
      </Typography>
      {status.state === 'running' && (
        <LinearProgress
          variant="determinate"
          value={status.progress}
          sx={{ mt: 0.5, maxWidth: 320 }}
          aria-label="Готовим видео"
        />
      )}
    </Box>
  );
}

/** What the lesson shows now: its video with poster and subtitles, as a child would see it. */
function CurrentMedia() {
  const record = useRecordContext<AdminLesson>();
  if (!record) return null;
  return (
    <Box sx={{ my: 1, maxWidth: 560, width: '100%' }}>
      <Typography variant="subtitle2">Сейчас в уроке</Typography>
      <video
        controls
        preload="none"
        poster={record.poster_url}
        src={record.video_url}
        style={{ width: '100%', borderRadius: 4, background: '#000' }}
        aria-label={`Видео урока «${record.title}»`}
      >
        <track kind="subtitles" srcLang="ru" label="Русские" src={record.subtitles_url} default />
      </video>
      <Typography variant="body2" color="text.secondary">
        Длительность {formatDuration(record.duration_seconds)}, русские субтитры прикреплены. Новый
        файл заменит прежний после сохранения.
      </Typography>
      <VideoStatus record={record} />
    </Box>
  );
}

const PLACES = [
  { id: 'week', name: 'Неделя основной программы' },
  { id: 'additional', name: 'Дополнительная программа' },
];

function LessonForm({ editing }: { editing: boolean }) {
  return (
    <SimpleForm
      toolbar={<SaveOnlyToolbar />}
      defaultValues={{ place: 'week', is_active: false, position: 1, description: '' }}
      // The place switch is the form's own: the server gets the one id it chose and null for the other.
      sanitizeEmptyValues
    >
      <RadioButtonGroupInput source="place" label="Где урок" choices={PLACES} row={false} />
      <FormDataConsumer<{ place?: string }>>
        {({ formData }) =>
          formData.place === 'additional' ? (
            <ReferenceInput source="additional_program_id" reference="lesson-places">
              <SelectInput
                optionText="title"
                label="Дополнительная программа"
                validate={required('Выберите программу')}
                fullWidth
              />
            </ReferenceInput>
          ) : (
            <ReferenceInput
              source="week_id"
              reference="weeks"
              perPage={100}
              sort={{ field: 'number', order: 'ASC' }}
            >
              <SelectInput
                optionText={(w: { program_title: string; number: number; title: string }) =>
                  `${w.program_title}: неделя ${w.number} «${w.title}»`
                }
                label="Неделя"
                validate={required('Выберите неделю')}
                fullWidth
                // A long week name must not widen the page on a phone.
                sx={{
                  maxWidth: '100%',
                  '& .MuiSelect-select.MuiInputBase-input': { whiteSpace: 'normal' },
                }}
              />
            </ReferenceInput>
          )
        }
      </FormDataConsumer>
      <NumberInput
        source="position"
        label="Порядок в неделе"
        min={1}
        max={100}
        step={1}
        validate={required('Укажите порядок')}
      />
      <TextInput
        source="title"
        label="Название"
        validate={required('Введите название')}
        fullWidth
      />
      <TextInput
        source="description"
        label="Описание для родителей"
        multiline
        minRows={2}
        fullWidth
      />
      {editing && <CurrentMedia />}
      <MediaUploadInput
        source="video_upload_id"
        kind="video"
        label="Видео"
        helperText="MP4 или WebM, до 2 ГБ. Длительность и кадр для обложки сервер возьмёт из самого видео."
      />
      <MediaUploadInput
        source="subtitles_upload_id"
        kind="subtitles"
        label="Субтитры"
        helperText="WebVTT (.vtt) или SubRip (.srt) в UTF-8 — для детей, которые смотрят без звука."
      />
      <MediaUploadInput
        source="poster_upload_id"
        kind="poster"
        label="Обложка (по желанию)"
        helperText="JPEG, PNG или WebP. Без неё обложкой станет кадр из видео."
      />
      <BooleanInput
        source="is_active"
        label="Опубликован"
        helperText="Опубликованный урок сразу появляется у детей, чья неделя открыта."
      />
    </SimpleForm>
  );
}

/** The form's place switch becomes the server's pair of ids. */
function toServer(data: Record<string, unknown>) {
  const { place, ...rest } = data;
  return place === 'additional'
    ? { ...rest, week_id: null }
    : { ...rest, additional_program_id: null };
}

export const LessonCreate = () => (
  <Create redirect="list" transform={toServer} title="Новый урок">
    <LessonForm editing={false} />
  </Create>
);

export const LessonEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    transform={toServer}
    queryOptions={{
      select: (record: AdminLesson) => ({
        ...record,
        place: record.week_id === null ? 'additional' : 'week',
        video_upload_id: null,
        subtitles_upload_id: null,
        poster_upload_id: null,
      }),
    }}
  >
    <LessonForm editing />
  </Edit>
);
