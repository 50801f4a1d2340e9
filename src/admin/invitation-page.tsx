import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import type { OpenedInvitation } from '@contract/api/admin-staff';
import { INVITATION_TOKEN_MISSING } from '@contract/api/admin-staff';
import { PASSWORD_MIN_LENGTH } from '@contract/api/password';
import { call } from './api';

/** «Вас пригласили в роли …». */
const ROLE_AS: Record<OpenedInvitation['role'], string> = {
  admin: 'администратора',
  editor: 'редактора',
  support: 'сотрудника поддержки',
};

const LOGIN_PATH = '/admin/login';

/** The key as an app asks it typed: groups of four, easier to copy by eye. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type Stage =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'form'; invitation: OpenedInvitation }
  | { kind: 'done'; email: string };

interface CallError extends Error {
  body?: { code?: string; errors?: Record<string, string> };
}

/**
 * The page of an invitation's link (`/admin/invitation#token`): outside the back office's sign-in, on a
 * phone as well as a desktop. It shows the authenticator key, asks for a password where the account has
 * none and for the app's code, and spends the link. The token lives after `#`, so no server logs it.
 */
export function InvitationPage() {
  const token = window.location.hash.replace(/^#/, '');
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (token === '') {
      setStage({ kind: 'refused', message: INVITATION_TOKEN_MISSING });
      return;
    }
    call<{ data: OpenedInvitation }>('admin/invitation/open', { method: 'POST', body: { token } })
      .then(({ data }) => setStage({ kind: 'form', invitation: data }))
      .catch((error: Error) => setStage({ kind: 'refused', message: error.message }));
  }, [token]);

  const submit = async (event: FormEvent, invitation: OpenedInvitation) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setFieldErrors({});
    try {
      await call('admin/invitation/accept', {
        method: 'POST',
        body: { token, code, ...(invitation.set_password ? { password } : {}) },
      });
      setStage({ kind: 'done', email: invitation.email });
    } catch (error) {
      const { body, message } = error as CallError;
      const errors = body?.errors ?? {};
      if (body?.code === 'invitation_invalid') {
        setStage({ kind: 'refused', message });
      } else if (Object.keys(errors).length > 0) {
        setFieldErrors(errors);
      } else {
        setFailure(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#efeaff', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            Приглашение в админку
          </Typography>
          {stage.kind === 'loading' && <Typography>Открываем приглашение…</Typography>}
          {stage.kind === 'refused' && (
            <>
              <Alert severity="warning" role="alert" sx={{ my: 1 }}>
                {stage.message}
              </Alert>
              <Button href={LOGIN_PATH} variant="outlined" fullWidth sx={{ mt: 1 }}>
                Войти в админку
              </Button>
            </>
          )}
          {stage.kind === 'done' && (
            <>
              <Alert severity="success" sx={{ my: 1 }}>
                Готово: приложение подключено. Войдите в админку с адресом {stage.email}, паролем и
                следующим кодом из приложения — тот, что вы только что ввели, второй раз не
                подойдёт.
              </Alert>
              <Button href={LOGIN_PATH} variant="contained" fullWidth sx={{ mt: 1 }}>
                Войти в админку
              </Button>
            </>
          )}
          {stage.kind === 'form' && (
            <Box
              component="form"
              noValidate
              onSubmit={(event) => void submit(event, stage.invitation)}
            >
              <Typography variant="body2" sx={{ mb: 2 }}>
                {stage.invitation.name ? `${stage.invitation.name}, в` : 'В'}ас пригласили в админку
                Школы Умняшек в роли {ROLE_AS[stage.invitation.role]}. Адрес для входа:{' '}
                <b style={{ overflowWrap: 'anywhere' }}>{stage.invitation.email}</b>.
              </Typography>
              {stage.invitation.set_password ? (
                <TextField
                  label="Придумайте пароль"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  error={fieldErrors.password !== undefined}
                  helperText={
                    fieldErrors.password ??
                    `Не короче ${PASSWORD_MIN_LENGTH} символов и не только из цифр`
                  }
                  fullWidth
                  required
                  margin="dense"
                />
              ) : (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  Пароль остаётся прежним — тот, с которым вы входите на сайт школы.
                </Typography>
              )}
              <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
                Приложение-аутентификатор
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                Установите на телефон Яндекс Ключ или Google Authenticator и добавьте в него школу:
                откройте ссылку ниже на этом телефоне или введите ключ вручную. Код из приложения
                админка будет спрашивать при каждом входе.
              </Typography>
              <Box
                data-testid="totp-secret"
                sx={{
                  fontFamily: 'monospace',
                  fontSize: 18,
                  letterSpacing: 1,
                  bgcolor: '#f5f3ff',
                  borderRadius: 1,
                  p: 1.5,
                  // Lines break between the groups of four, never inside one.
                  overflowWrap: 'anywhere',
                }}
              >
                {grouped(stage.invitation.totp.secret)}
              </Box>
              <Button href={stage.invitation.totp.uri} fullWidth sx={{ mt: 1 }}>
                Добавить в приложение на этом телефоне
              </Button>
              <TextField
                label="Код из приложения"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
                error={fieldErrors.code !== undefined}
                helperText={fieldErrors.code ?? 'Шесть цифр, которые сейчас показывает приложение'}
                fullWidth
                required
                margin="dense"
              />
              {failure && (
                <Alert severity="error" role="alert" sx={{ my: 1 }}>
                  {failure}
                </Alert>
              )}
              <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
                {busy ? 'Подключаем…' : 'Подключить приложение'}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
