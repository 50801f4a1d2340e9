import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Card,
  CardContent,
  MenuItem,
  TextField as Field,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Datagrid, List, TextField, Title, usePermissions } from 'react-admin';
import { staffMay } from '@contract/staff-access';
import { call } from '../api';
import { MoscowDateTime, formatMoscowDateTime } from '../moscow-date';
import { ResponsiveRows } from '../responsive-list';

interface Stat {
  reason: string;
  title: string;
  count: number;
  share: number;
}

const PERIODS = [
  { days: 30, name: '30 дней' },
  { days: 90, name: '90 дней' },
  { days: 365, name: 'год' },
  { days: 0, name: 'всё время' },
];

/** Each reason's share over a chosen period: what to fix first. */
function ReasonStats() {
  const [days, setDays] = useState(30);
  const { data } = useQuery({
    queryKey: ['admin', 'reason-stats', days],
    queryFn: async () =>
      (
        await call<{ data: Stat[] }>(
          `admin/unsubscribe-reasons/stats${days ? `?days=${days}` : ''}`,
        )
      ).data,
  });
  const total = data?.reduce((sum, s) => sum + s.count, 0) ?? 0;
  return (
    <Card sx={{ width: { xs: '100%', md: 320 }, ml: { md: 2 }, mt: { xs: 2, md: 0 } }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Причины за период
        </Typography>
        <Field
          select
          size="small"
          label="Период"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          sx={{ mb: 2, minWidth: 160 }}
        >
          {PERIODS.map((p) => (
            <MenuItem key={p.days} value={p.days}>
              {p.name}
            </MenuItem>
          ))}
        </Field>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Всего ответов: {total}
        </Typography>
        {data?.map((s) => (
          <Box key={s.reason} sx={{ mb: 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <span>{s.title}</span>
              <span>{`${s.count} · ${s.share.toLocaleString('ru-RU')}\u00a0%`}</span>
            </Box>
            <Box sx={{ height: 6, bgcolor: '#e6e2f3', borderRadius: 3 }}>
              <Box sx={{ height: 6, width: `${s.share}%`, bgcolor: '#6c4cf1', borderRadius: 3 }} />
            </Box>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * The shares for every role; the answers with the parents' comments beside them only for a role that
 * holds those (the others would be refused the list).
 */
export function UnsubscribeReasonList() {
  // On a phone the shares come first, above the answers, instead of squeezed beside them.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) return null;
  if (!staffMay(permissions, 'renewal-comments')) {
    return (
      <Box sx={{ pt: 2 }}>
        <Title title="Причины отключения автопродления" />
        <ReasonStats />
      </Box>
    );
  }
  return (
    <>
      {phone && <ReasonStats />}
      <List
        {...(phone ? {} : { aside: <ReasonStats /> })}
        exporter={false}
        sort={{ field: 'id', order: 'DESC' }}
      >
        <ResponsiveRows<{ id: number; title: string; comment: string | null; created_at: string }>
          primary={(r) => r.title}
          secondary={(r) => r.comment ?? ''}
          tertiary={(r) => formatMoscowDateTime(r.created_at)}
          link={false}
        >
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <MoscowDateTime source="created_at" label="Когда" sortable={false} />
            <TextField source="title" label="Причина" sortable={false} />
            <TextField source="comment" label="Комментарий" emptyText="—" sortable={false} />
          </Datagrid>
        </ResponsiveRows>
      </List>
    </>
  );
}
