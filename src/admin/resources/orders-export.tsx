// «Файл для бухгалтерии»: the administrator picks a period (Moscow days, both included) and gets the
// orders as a CSV file that Russian Excel opens as a table (docs/PRODUCT.md «The orders file»).
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { TopToolbar, useNotify, usePermissions } from 'react-admin';
import { moscowCalendarDate } from '@contract/moscow-date';
import { staffMay } from '@contract/staff-access';
import { download } from '../api';

/** The month before this one, by Moscow dates: what an accountant asks for at the start of a month. */
function lastMonth(today: string): { from: string; to: string } {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function OrderListActions() {
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState(() => lastMonth(moscowCalendarDate(new Date())));
  const [busy, setBusy] = useState(false);
  if (!staffMay(permissions, 'order-exports')) return <TopToolbar />;

  const fetchFile = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams(period).toString();
      const blob = await download(`admin/exports/orders.csv?${query}`);
      saveFile(blob, `orders-${period.from}-${period.to}.csv`);
      setOpen(false);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Не удалось скачать файл', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <TopToolbar>
      <Button onClick={() => setOpen(true)}>Файл для бухгалтерии</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="orders-file-title">
        <DialogTitle id="orders-file-title">Заказы файлом для бухгалтерии</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Все заказы за период по московскому времени, оба дня включительно. Файл открывается в
            Excel как таблица.
          </DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <TextField
              label="С"
              type="date"
              value={period.from}
              onChange={(e) => setPeriod({ ...period, from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="По"
              type="date"
              value={period.to}
              onChange={(e) => setPeriod({ ...period, to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Отмена</Button>
          <Button variant="contained" onClick={() => void fetchFile()} disabled={busy}>
            {busy ? 'Готовим файл…' : 'Скачать'}
          </Button>
        </DialogActions>
      </Dialog>
    </TopToolbar>
  );
}
