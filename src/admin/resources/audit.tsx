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

/** The sections as the menu names them. */
const SECTIONS: Record<string, string> = {
  'support-requests': 'обращения',
  users: 'аккаунты',
  orders: 'заказы',
  campaigns: 'рассылки',
  'mailing-categories': 'категории рассылок',
  lessons: 'уроки',
  weeks: 'недели',
  programs: 'программы',
  'age-groups': 'возрастные группы',
  landing: 'тексты главной',
  pages: 'страницы',
  instructions: 'инструкции',
  'promo-codes': 'промокоды',
  tariffs: 'тарифы',
  'program-prices': 'цены доп. программ',
  'week-prices': 'цена недели',
  'gift-certificates': 'сертификаты',
};

const section = (resource: string) => SECTIONS[resource] ?? resource;

/** A value of a change as a person reads it: lists and objects spelled out, never «[object Object]». */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${shown(inner)}`)
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  return String(value);
}

/** Every change made in the back office, newest first: who, what, which record. */
export function AuditList() {
  return (
    <List exporter={false} sort={{ field: 'id', order: 'DESC' }}>
      <ResponsiveRows<AuditRow>
        primary={(r) =>
          `${r.actor_email} ${ACTIONS[r.action] ?? r.action}: ${section(r.resource)}${r.record_id ? ` №\u00a0${r.record_id}` : ''}`
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
          <FunctionField source="resource" render={(row: AuditRow) => section(row.resource)} />
          <TextField source="record_id" emptyText="—" />
          <FunctionField
            source="summary"
            render={(row: { summary: Record<string, unknown> }) =>
              Object.entries(row.summary)
                .map(([key, value]) => `${key}: ${shown(value)}`)
                .join('; ') || '—'
            }
          />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}
