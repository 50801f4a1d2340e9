import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import type { Dashboard as Figures } from '@contract/api/admin';
import { formatPrice } from '@contract/money';
import { call } from './api';

const dateLabel = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Payments of the last 30 days as bars; each bar's title says the day, the sum and the count. */
function PaymentsChart({ days }: { days: Figures['payments'] }) {
  const max = Math.max(1, ...days.map((d) => d.amount));
  const total = days.reduce((sum, d) => sum + d.amount, 0);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6">
          Платежи за 30 дней: {formatPrice(total)}
        </Typography>
        <Box
          role="img"
          aria-label={`Платежи по дням за 30 дней, всего ${formatPrice(total)}`}
          sx={{ display: 'flex', alignItems: 'flex-end', gap: '3px', height: 160, mt: 2 }}
        >
          {days.map((d) => (
            <Box
              key={d.date}
              title={`${dateLabel(d.date)}: ${formatPrice(d.amount)}, платежей: ${d.count}`}
              sx={{
                flex: 1,
                minHeight: 2,
                height: `${Math.round((d.amount / max) * 100)}%`,
                bgcolor: d.amount > 0 ? '#6c4cf1' : '#e6e2f3',
                borderRadius: '3px 3px 0 0',
              }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
          <Typography variant="caption">{days[0] ? dateLabel(days[0].date) : ''}</Typography>
          <Typography variant="caption">
            {days.at(-1) ? dateLabel(days.at(-1)?.date ?? '') : ''}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const { data, isError } = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => (await call<{ data: Figures }>('admin/dashboard')).data,
  });
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title="Сводка" />
      {isError && (
        <Typography color="error">Не удалось загрузить сводку. Обновите страницу.</Typography>
      )}
      {data && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
            }}
          >
            <Figure label="Семей" value={data.families} />
            <Figure label="Платных подписок" value={data.active_subscriptions} />
            <Figure label="Пробных недель" value={data.trials} />
            <Figure label="Выручка за месяц" value={formatPrice(data.month_revenue)} />
            <Figure label="Новых обращений" value={data.open_support_requests} />
          </Box>
          <PaymentsChart days={data.payments} />
        </>
      )}
    </Box>
  );
}
