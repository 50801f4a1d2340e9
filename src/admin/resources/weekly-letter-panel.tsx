// A family's weekly letter in its card (docs/MAILING.md «In the back office»): the letter as it would leave
// now, shown as the parent would see it, or why there would be none; «Отправить сейчас» queues it.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import type { AdminUser } from '@contract/api/admin-families';
import type { WeeklyLetterPreview } from '@contract/api/admin';
import { call } from '../api';

const KIND_LABELS = {
  letter: 'Письмо о неделе ребёнка',
  nudge: 'Короткое напоминание: на этой неделе уроков не было',
} as const;

export function WeeklyLetterPanel() {
  const record = useRecordContext<AdminUser>();
  const notify = useNotify();
  const [preview, setPreview] = useState<WeeklyLetterPreview | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // Sent once from this card: a second press would queue a second letter.
  const [sent, setSent] = useState(false);
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    setPreview(null);
    setFailed(null);
    setSent(false);
    let current = true;
    call<{ data: WeeklyLetterPreview }>(`admin/families/${id}/digest`).then(
      ({ data }) => current && setPreview(data),
      (error: Error) => current && setFailed(error.message),
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (!record || record.role !== 'parent') return null;
  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!preview) return <Typography color="text.secondary">Готовим предпросмотр…</Typography>;

  const send = async () => {
    setBusy(true);
    try {
      await call(`admin/families/${record.id}/digest`, { method: 'POST' });
      setSent(true);
      notify('Письмо недели поставлено в очередь и скоро уйдёт', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 720 }}>
      {preview.kind && <Typography>{KIND_LABELS[preview.kind]}</Typography>}
      {preview.reason && <Alert severity="info">{preview.reason}</Alert>}
      {preview.mail && (
        <>
          <Typography>
            <strong>Тема:</strong> {preview.mail.subject}
          </Typography>
          {/* The letter's own HTML, shown apart: a sandbox without scripts, as a mail client would. */}
          <Box
            component="iframe"
            sandbox=""
            title="Предпросмотр письма недели"
            srcDoc={preview.mail.html}
            sx={{ width: '100%', height: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        </>
      )}
      <Box>
        <Button
          variant="contained"
          onClick={() => setAsking(true)}
          disabled={busy || sent || preview.kind === null || preview.reason !== null}
        >
          {sent ? 'Письмо отправлено' : 'Отправить сейчас'}
        </Button>
      </Box>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="Отправить письмо недели сейчас?"
        content="Письмо уйдёт семье в ближайшие минуты. Воскресное письмо придёт, как обычно."
        confirm="Отправить"
        cancel="Отмена"
        onConfirm={() => void send()}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
