import { Datagrid, FunctionField, List, TextField } from 'react-admin';
import { MoscowDateTime, formatMoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';

interface AuditRow {
  id: number;
  created_at: string;
  actor_email: string;
  action: string;
  resource: string;
  record_id: string | null;
}

const ACTIONS: Record<string, string> = {
  create: 'создал',
  update: 'изменил',
  send: 'отправил',
  cancel: 'остановил',
  answer: 'ответил',
  refund: 'вернул деньги',
};

/** Every change made in the back office, newest first: who, what, which record. */
export function AuditList() {
  return (
    <List exporter={false} sort={{ field: 'id', order: 'DESC' }}>
      <ResponsiveRows<AuditRow>
        primary={(r) =>
          `${r.actor_email} ${ACTIONS[r.action] ?? r.action}: ${r.resource}${r.record_id ? ` №\u00a0${r.record_id}` : ''}`
        }
        secondary={(r) => formatMoscowDateTime(r.created_at)}
        link={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <MoscowDateTime source="created_at" />
          <TextField source="actor_email" />
          <FunctionField
            source="action"
            render={(row: { action: string }) => ACTIONS[row.action] ?? row.action}
          />
          <TextField source="resource" />
          <TextField source="record_id" emptyText="—" />
          <FunctionField
            source="summary"
            render={(row: { summary: Record<string, unknown> }) =>
              Object.entries(row.summary)
                .map(([key, value]) => `${key}: ${String(value)}`)
                .join('; ') || '—'
            }
          />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}
