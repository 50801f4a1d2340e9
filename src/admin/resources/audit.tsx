import { Datagrid, FunctionField, List, TextField } from 'react-admin';
import { MoscowDateTime, formatMoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';
import { AuditSummary } from './audit-summary';

interface AuditRow {
  id: number;
  created_at: string;
  actor_email: string;
  action: string;
  resource: string;
  record_id: string | null;
  summary: Record<string, unknown>;
}

const ACTIONS: Record<string, string> = {
  create: 'создал',
  update: 'изменил',
  send: 'отправил',
  cancel: 'остановил',
  answer: 'ответил',
  refund: 'вернул деньги',
  invite: 'пригласил в админку',
  'invite-accepted': 'принял приглашение',
  delete: 'удалил',
  block: 'заблокировал',
  unblock: 'разблокировал',
  'password-reset': 'отправил ссылку для нового пароля',
  'weekly-letter': 'отправил письмо недели',
  extend: 'продлил',
  end: 'закончил',
  role: 'сменил роль',
};

/** The sections as the menu names them. */
const SECTIONS: Record<string, string> = {
  'support-requests': 'обращения',
  users: 'аккаунты',
  subscriptions: 'подписка',
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

/** Every change made in the back office, newest first: who, what, which record. */
export function AuditList() {
  return (
    <List exporter={false} sort={{ field: 'id', order: 'DESC' }}>
      <ResponsiveRows<AuditRow>
        primary={(r) =>
          `${r.actor_email} ${ACTIONS[r.action] ?? r.action}: ${section(r.resource)}${r.record_id ? ` №\u00a0${r.record_id}` : ''}`
        }
        secondary={(r) => formatMoscowDateTime(r.created_at)}
        tertiary={(r) => <AuditSummary summary={r.summary} />}
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
          <FunctionField<AuditRow>
            source="summary"
            render={(row) => <AuditSummary summary={row.summary} />}
          />
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
}
