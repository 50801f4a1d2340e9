// What an audit entry's summary says, in words a member of staff reads: the server keeps the raw record
// (field names, kopecks, ids) so nothing is lost; the log spells it out — Russian names of the fields,
// roubles, and the name of what an id points at.
import { useGetManyAggregate } from 'react-admin';
import { formatPrice } from '@contract/money';
import { displayEmail } from '@contract/email';
import { PURCHASE_TYPE_LABELS } from './orders';
import { ROLE_LABELS } from './users';

const FIELDS: Record<string, string> = {
  title: 'название',
  subject: 'тема',
  code: 'код',
  slug: 'адрес',
  version: 'версия',
  kind: 'вид',
  value: 'скидка',
  duration: 'срок, мес.',
  amount_children: 'детей',
  amountChildren: 'детей',
  price: 'цена',
  trial_days: 'пробных дней',
  description: 'описание',
  trialDays: 'пробных дней',
  is_active: 'включено',
  isActive: 'включено',
  changes: 'изменения',
  fields: 'поля',
  files: 'файлов',
  program: 'программа',
  offers: 'предложения',
  added: 'добавлено предложение',
  removed: 'убрано предложение',
  week_price: 'цена недели',
  main_program_id: 'программа',
  number: 'номер',
  days: 'дней',
  until: 'до',
  role: 'роль',
  from: 'было',
  to: 'стало',
  password_set: 'пароль задан',
  reason: 'причина',
  buyer_id: 'покупатель',
  category_id: 'рассылка',
  recipients: 'получателей',
  order_number: 'заказ',
  amount: 'сумма',
  purchase_type: 'покупка',
  refunded_at_bank: 'вернул банк',
  whole: 'целиком',
  taken_back: 'забрано',
  left: 'осталось',
};

/** Fields holding a change as [before, after]. */
const PAIRS = new Set(['week_price']);

/** Fields holding kopecks. A promo code's `value` is not one of them: it is a percent or roubles by kind. */
const MONEY = new Set(['amount', 'price', 'week_price']);

/** Fields holding the id of something with a name, and where that name is read. */
const REFERENCES = {
  category_id: { resource: 'mailing-categories', name: (r: Named) => r.title },
  main_program_id: { resource: 'programs', name: (r: Named) => r.title },
  buyer_id: { resource: 'users', name: (r: Named) => (r.email ? displayEmail(r.email) : '') },
} as const;
type ReferenceField = keyof typeof REFERENCES;
interface Named {
  id: number;
  title?: string;
  email?: string;
}

const VALUES: Record<string, Record<string, string>> = {
  purchase_type: PURCHASE_TYPE_LABELS,
  role: ROLE_LABELS,
  from: ROLE_LABELS,
  to: ROLE_LABELS,
  kind: { percent: 'процент', fixed: 'сумма в рублях' },
};

const isReference = (key: string): key is ReferenceField => key in REFERENCES;
export const fieldLabel = (key: string): string => FIELDS[key] ?? key;

/** The ids a summary refers to, by the resource that names them. */
export function referencedIds(summary: Record<string, unknown>): Partial<Record<string, number[]>> {
  const out: Partial<Record<string, number[]>> = {};
  for (const [key, value] of Object.entries(summary)) {
    if (!isReference(key) || typeof value !== 'number') continue;
    const { resource } = REFERENCES[key];
    out[resource] = [...(out[resource] ?? []), value];
  }
  return out;
}

/** Names found for the referenced ids: resource → id → name. */
export type Names = Partial<Record<string, Map<number, string>>>;

/** A value as a person reads it: lists and objects spelled out, never «[object Object]». */
export function shownValue(key: string, value: unknown, names: Names = {}): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    if (PAIRS.has(key) && value.length === 2) {
      return `${shownValue(key, value[0], names)} → ${shownValue(key, value[1], names)}`;
    }
    if (key === 'fields') return value.map((item) => fieldLabel(String(item))).join(', ') || '—';
    return value.map((item) => shownValue(key, item, names)).join('; ') || '—';
  }
  if (key === 'changes' && typeof value === 'object') {
    // Field → [before, after].
    return Object.entries(value as Record<string, unknown>)
      .map(([field, change]) =>
        Array.isArray(change) && change.length === 2
          ? `${fieldLabel(field)}: ${shownValue(field, change[0], names)} → ${shownValue(field, change[1], names)}`
          : `${fieldLabel(field)}: ${shownValue(field, change, names)}`,
      )
      .join(', ');
  }
  if (typeof value === 'object') return shownSummary(value as Record<string, unknown>, names);
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number' && MONEY.has(key)) return formatPrice(value);
  if (typeof value === 'number' && isReference(key)) {
    const name = names[REFERENCES[key].resource]?.get(value);
    return name ? name : `№\u00a0${value}`;
  }
  if (typeof value === 'string' && key === 'until') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return date.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long' });
    }
  }
  if (typeof value === 'string') return VALUES[key]?.[value] ?? value;
  return String(value);
}

export function shownSummary(summary: Record<string, unknown>, names: Names = {}): string {
  return Object.entries(summary)
    .map(([key, value]) => `${fieldLabel(key)}: ${shownValue(key, value, names)}`)
    .join('; ');
}

function useNames(resource: string, ids: number[]): Map<number, string> {
  const { data } = useGetManyAggregate<Named & { id: number }>(
    resource,
    { ids },
    { enabled: ids.length > 0 },
  );
  const names = new Map<number, string>();
  const named = Object.values(REFERENCES).find((r) => r.resource === resource);
  for (const record of data ?? []) {
    const name = named?.name(record);
    if (name) names.set(record.id, name);
  }
  return names;
}

/** The summary of one entry, its ids replaced by names once they are in. */
export function AuditSummary({ summary }: { summary: Record<string, unknown> }) {
  const ids = referencedIds(summary);
  const names: Names = {
    'mailing-categories': useNames('mailing-categories', ids['mailing-categories'] ?? []),
    programs: useNames('programs', ids.programs ?? []),
    users: useNames('users', ids.users ?? []),
  };
  return <>{shownSummary(summary, names) || '—'}</>;
}
