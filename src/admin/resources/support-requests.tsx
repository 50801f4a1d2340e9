import { useState } from 'react';
import { Box, Button, TextField as Field, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { MoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';
import type { AdminSupportRequest } from '@contract/api/admin';
import { dataProvider } from '../data-provider';

const STATUS_LABELS: Record<AdminSupportRequest['status'], string> = {
  new: 'Новое',
  answered: 'Отвечено',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Имя или почта" />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'new', name: 'Новые' },
      { id: 'answered', name: 'Отвеченные' },
    ]}
  />,
];

// react-admin reads a column's label from the element it is given, so it is passed where used.
const Status = (_props: { label: string; source: string }) => (
  <FunctionField<AdminSupportRequest>
    source="status"
    label="Статус"
    render={(record) => STATUS_LABELS[record.status]}
  />
);

export function SupportRequestList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'new' }}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
    >
      <ResponsiveRows<AdminSupportRequest>
        primary={(r) => `№\u00a0${r.id} · ${r.name}`}
        secondary={(r) => r.message}
        tertiary={(r) => STATUS_LABELS[r.status]}
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="id" />
          <TextField source="name" />
          <TextField source="email" />
          <FunctionField<AdminSupportRequest>
            source="message"
            render={(record) =>
              record.message.length > 80 ? `${record.message.slice(0, 79)}…` : record.message
            }
          />
          <Status label="Статус" source="status" />
          <MoscowDateTime source="created_at" />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

/** The answer goes by mail to the request's address; it can be sent again (the last one is kept). */
function AnswerForm() {
  const record = useRecordContext<AdminSupportRequest>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await dataProvider.action('support-requests', record.id, 'answer', { answer });
      notify(`Ответ отправлен на ${record.email}`, { type: 'success' });
      setAnswer('');
      refresh();
    } catch (failure) {
      const body = (failure as { body?: { errors?: Record<string, string> } }).body;
      setError(body?.errors?.answer ?? (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, maxWidth: 720, mt: 2 }}>
      <Typography component="h2" variant="h6">
        {record.status === 'answered' ? 'Ответить ещё раз' : 'Ответ'}
      </Typography>
      <Field
        label={`Ответ для ${record.email}`}
        multiline
        minRows={6}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        error={error !== null}
        helperText={error ?? 'Уйдёт письмом от школы; ответ родителя придёт в почту поддержки.'}
      />
      <Button
        variant="contained"
        onClick={() => void send()}
        disabled={busy || answer.trim() === ''}
        sx={{ justifySelf: 'start' }}
      >
        Отправить ответ
      </Button>
    </Box>
  );
}

export function SupportRequestShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="email" />
        <MoscowDateTime source="created_at" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <Status label="Статус" source="status" />
        <TextField source="answer" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        <MoscowDateTime source="answered_at" />
        <AnswerForm />
      </SimpleShowLayout>
    </Show>
  );
}
