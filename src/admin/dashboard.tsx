import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import type { Dashboard as Figures, DashboardRevenue } from '@contract/api/admin';
import { formatPrice } from '@contract/money';
import { staffMay } from '@contract/staff-access';
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
function PaymentsChart({ days }: { days: DashboardRevenue['payments'] }) {
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

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
} as const;

function LoadFailed() {
  return <Typography color="error">Не удалось загрузить сводку. Обновите страницу.</Typography>;
}

/** Each panel is asked for only by a role that holds it; a refusal or a failure stays in its panel. */
export function Dashboard() {
  const { permissions, isPending } = usePermissions<string>();
  const counts = staffMay(permissions, 'family-figures');
  const money = staffMay(permissions, 'revenue');
  const figures = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => (await call<{ data: Figures }>('admin/dashboard')).data,
    enabled: counts,
  });
  const revenue = useQuery({
    queryKey: ['admin', 'dashboard', 'revenue'],
    queryFn: async () => (await call<{ data: DashboardRevenue }>('admin/dashboard/revenue')).data,
    enabled: money,
  });
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title="Сводка" />
      {!isPending && !counts && !money && (
        <Typography>Ваши разделы — в меню: выберите, с чего начать.</Typography>
      )}
      {(figures.isError || revenue.isError) && <LoadFailed />}
      {(figures.data || revenue.data) && (
        <Box sx={grid}>
          {figures.data && (
            <>
              <Figure label="Семей" value={figures.data.families} />
              <Figure label="Платных подписок" value={figures.data.active_subscriptions} />
              <Figure label="Пробных недель" value={figures.data.trials} />
            </>
          )}
          {revenue.data && (
            <Figure label="Выручка за месяц" value={formatPrice(revenue.data.month_revenue)} />
          )}
          {figures.data && (
            <Figure label="Новых обращений" value={figures.data.open_support_requests} />
          )}
        </Box>
      )}
      {revenue.data && <PaymentsChart days={revenue.data.payments} />}
    </Box>
  );
}
