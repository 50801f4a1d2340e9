import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useLogin } from 'react-admin';
import { TotpSetupRequired } from './auth-provider';

/**
 * Staff sign-in: address, password and — outside the demo — the authenticator app's code. The first
 * administrator's first sign-in from another machine asks for the code the server printed in its terminal,
 * then shows the secret to add to the app and asks for its code.
 */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [setupCode, setSetupCode] = useState('');
  const [askSetupCode, setAskSetupCode] = useState(false);
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await login({
        email,
        password,
        code: askCode ? code : undefined,
        setupCode: askSetupCode ? setupCode : undefined,
      });
    } catch (error) {
      if (error instanceof TotpSetupRequired) {
        setSetup(error.setup);
        setAskCode(true);
      } else {
        const body = (error as { body?: { code?: string } }).body;
        if (body?.code === 'second_factor_required') setAskCode(true);
        if (body?.code === 'setup_code_required') setAskSetupCode(true);
        setFailure((error as Error).message);
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
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent component="form" onSubmit={(event) => void submit(event)} noValidate>
          <Typography component="h1" variant="h5" gutterBottom>
            Админка Школы Умняшек
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Вход для сотрудников школы.
          </Typography>
          <TextField
            label="Почта"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            fullWidth
            required
            margin="dense"
          />
          <TextField
            label="Пароль"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            fullWidth
            required
            margin="dense"
          />
          {askSetupCode && !setup && (
            <TextField
              label="Код из терминала сервера"
              helperText="Сервер напечатал его при запуске: «Код первого входа администратора»"
              autoComplete="off"
              value={setupCode}
              onChange={(event) => setSetupCode(event.target.value.slice(0, 40))}
              fullWidth
              required
              margin="dense"
              autoFocus
            />
          )}
          {setup && (
            <Alert severity="info" sx={{ my: 1 }}>
              Добавьте школу в приложение-аутентификатор (Яндекс Ключ, Google Authenticator):
              введите ключ <b style={{ wordBreak: 'break-all' }}>{setup.secret}</b> или откройте{' '}
              <a href={setup.uri}>ссылку</a> на телефоне. Затем введите код из приложения.
            </Alert>
          )}
          {askCode && (
            <TextField
              label="Код из приложения"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              fullWidth
              required
              margin="dense"
              autoFocus
            />
          )}
          {failure && (
            <Alert severity="error" sx={{ my: 1 }} role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
            {busy ? 'Входим…' : 'Войти'}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
