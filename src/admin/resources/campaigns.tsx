import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import {
  Confirm,
  Create,
  Datagrid,
  Edit,
  EditButton,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  ReferenceManyField,
  SelectInput,
  Show,
  ShowButton,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  required,
} from 'react-admin';
import { MoscowDateTime, formatMoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';
import type { AdminCampaign } from '@contract/api/admin';
import { displayEmail } from '@contract/email';
import { dataProvider } from '../data-provider';
import { SaveOnlyToolbar } from '../save-only-toolbar';

export const CAMPAIGN_STATUS_LABELS: Record<AdminCampaign['status'], string> = {
  draft: 'Черновик',
  sending: 'Отправляется',
  sent: 'Отправлена',
  cancelled: 'Остановлена',
};

const DELIVERY_STATUS_LABELS: Record<string, string> = {
  pending: 'В очереди',
  sent: 'Отправлено',
  skipped: 'Пропущено',
  failed: 'Не ушло',
};

/** One letter of a campaign in its log: the address is stored in punycode, shown as people write it. */
interface Delivery {
  id: number;
  email: string;
  status: string;
  note: string | null;
  sent_at: string | null;
}

const deliveryStatus = (row: Delivery) => DELIVERY_STATUS_LABELS[row.status] ?? row.status;

// react-admin reads a column's label from the element it is given, so it is passed where used.
const Status = (_props: { label: string; source: string }) => (
  <FunctionField<AdminCampaign>
    source="status"
    label="Статус"
    render={(record) => CAMPAIGN_STATUS_LABELS[record.status]}
  />
);

export function CampaignList() {
  return (
    <List sort={{ field: 'id', order: 'DESC' }} exporter={false}>
      <ResponsiveRows<AdminCampaign>
        primary={(r) => r.subject}
        secondary={(r) => `${r.sent} из ${r.recipients}`}
        tertiary={(r) => CAMPAIGN_STATUS_LABELS[r.status]}
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="subject" />
          <ReferenceField source="category_id" reference="mailing-categories" link={false}>
            <TextField source="title" />
          </ReferenceField>
          <Status label="Статус" source="status" />
          <FunctionField<AdminCampaign>
            label="Отправлено"
            render={(record) => `${record.sent} из ${record.recipients}`}
          />
          <MoscowDateTime source="created_at" />
          <FunctionField<AdminCampaign>
            render={(record) => (record.status === 'draft' ? <EditButton /> : <ShowButton />)}
          />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}

function CampaignForm() {
  return (
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <ReferenceInput
        source="category_id"
        reference="mailing-categories"
        filter={{ requires_consent: 'true' }}
      >
        <SelectInput optionText="title" validate={required('Выберите рассылку')} />
      </ReferenceInput>
      <TextInput source="subject" fullWidth validate={required('Введите тему письма')} />
      <TextInput
        source="body"
        multiline
        minRows={8}
        fullWidth
        validate={required('Напишите текст письма')}
        helperText="Обычный текст. Пустая строка начинает новый абзац. Обращение по имени и ссылка «Отписаться» добавятся сами."
      />
      <TextInput source="button_label" helperText="Необязательно: например, «Смотреть уроки»" />
      <TextInput source="button_url" fullWidth helperText="Ссылка целиком, начиная с https://" />
    </SimpleForm>
  );
}

export const CampaignCreate = () => (
  <Create redirect="show" title="Новая рассылка">
    <CampaignForm />
  </Create>
);

export const CampaignEdit = () => (
  <Edit redirect="show" mutationMode="pessimistic">
    <CampaignForm />
  </Edit>
);

/** Sending goes to everyone who receives the category now: the count is said before the click. */
function CampaignActions() {
  const record = useRecordContext<AdminCampaign>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'send' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: category } = useGetOne<{ id: number; title: string; subscribers: number }>(
    'mailing-categories',
    { id: record?.category_id ?? 0 },
    { enabled: record !== undefined },
  );
  if (!record) return null;

  const run = async (action: 'send' | 'cancel') => {
    setBusy(true);
    try {
      await dataProvider.action('campaigns', record.id, action);
      notify(action === 'send' ? 'Рассылка поставлена в очередь' : 'Отправка остановлена', {
        type: 'success',
      });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return (
    <TopToolbar>
      {record.status === 'draft' && <EditButton />}
      {record.status === 'draft' && category?.subscribers === 0 && (
        <Typography variant="body2" color="text.secondary">
          Эту рассылку сейчас никто не получает — отправлять некому
        </Typography>
      )}
      {record.status === 'draft' && (
        <Button
          variant="contained"
          onClick={() => setAsking('send')}
          disabled={busy || category?.subscribers === 0}
        >
          Отправить
        </Button>
      )}
      {record.status === 'sending' && (
        <Button color="error" onClick={() => setAsking('cancel')} disabled={busy}>
          Остановить отправку
        </Button>
      )}
      <Confirm
        isOpen={asking === 'send'}
        loading={busy}
        title="Отправить рассылку?"
        content={`Письмо «${record.subject}» уйдёт всем, кто получает рассылку «${category?.title ?? ''}». Получателей сейчас: ${category?.subscribers ?? '…'}. Письма уходят постепенно, отправку можно остановить.`}
        confirm="Отправить"
        cancel="Отмена"
        onConfirm={() => void run('send')}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'cancel'}
        loading={busy}
        title="Остановить отправку?"
        content="Уже отправленные письма останутся у получателей, остальные не уйдут."
        confirm="Остановить"
        cancel="Не останавливать"
        onConfirm={() => void run('cancel')}
        onClose={() => setAsking(null)}
      />
    </TopToolbar>
  );
}

function Counts() {
  const record = useRecordContext<AdminCampaign>();
  if (!record || record.status === 'draft') return null;
  return (
    <Alert severity={record.failed > 0 ? 'warning' : 'info'}>
      Получателей: {record.recipients}, отправлено: {record.sent}, в очереди: {record.pending},
      пропущено: {record.skipped}, не ушло: {record.failed}, отписались по письму:{' '}
      {record.unsubscribed}.
    </Alert>
  );
}

export function CampaignShow() {
  return (
    <Show actions={<CampaignActions />}>
      <SimpleShowLayout>
        <Counts />
        <ReferenceField source="category_id" reference="mailing-categories" link={false}>
          <TextField source="title" />
        </ReferenceField>
        <Status label="Статус" source="status" />
        <TextField source="subject" />
        <TextField source="body" sx={{ whiteSpace: 'pre-wrap' }} />
        <TextField source="button_label" emptyText="—" />
        <TextField source="button_url" emptyText="—" />
        <MoscowDateTime source="started_at" />
        <MoscowDateTime source="finished_at" />
        <Box>
          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Журнал отправки
          </Typography>
          <ReferenceManyField reference="deliveries" target="campaigns" perPage={50}>
            <ResponsiveRows<Delivery>
              primary={(row) => displayEmail(row.email)}
              secondary={(row) => deliveryStatus(row) + (row.note ? ` — ${row.note}` : '')}
              tertiary={(row) => (row.sent_at ? formatMoscowDateTime(row.sent_at) : '')}
              link={false}
            >
              <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>Писем пока нет.</p>}>
                <FunctionField<Delivery> source="email" render={(row) => displayEmail(row.email)} />
                <FunctionField<Delivery> source="status" render={deliveryStatus} />
                <TextField source="note" emptyText="—" />
                <MoscowDateTime source="sent_at" />
                <MoscowDateTime source="unsubscribed_at" />
              </Datagrid>
            </ResponsiveRows>
          </ReferenceManyField>
        </Box>
      </SimpleShowLayout>
    </Show>
  );
}
