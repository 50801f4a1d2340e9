// A lesson file field: the editor picks a file, it goes to the server in resumable chunks (tus) with a
// progress bar, and the field's value becomes the finished upload's id. The server's findings — the
// video's length and its poster frame — are shown as soon as the last chunk is answered. A page closed
// mid-way resumes where it stopped when the same file is picked again.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { Upload, type DetailedError } from 'tus-js-client';
import type { MediaUpload } from '@contract/api/admin-learning';
import {
  UPLOAD_EXTENSIONS,
  formatBytes,
  uploadRefusal,
  type UploadKind,
} from '@contract/media-uploads';
import { adminToken } from './api';

/** Small enough for a slow connection to send one within the server's request time. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

function messageOf(error: Error): string {
  const response = (error as DetailedError).originalResponse;
  if (!response) return 'Нет связи с сервером. Проверьте интернет — загрузка продолжится';
  try {
    const body = JSON.parse(response.getBody()) as { message?: string };
    if (body.message) return body.message;
  } catch {
    // not the server's JSON
  }
  return 'Загрузка не удалась — попробуйте ещё раз';
}

/** The checked upload, asked for every 2 s for up to 10 minutes while the server checks the file. */
async function resultOf(uploadUrl: string): Promise<MediaUpload> {
  const id = uploadUrl.slice(uploadUrl.lastIndexOf('/') + 1);
  const token = adminToken();
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await fetch(`/api/admin/media-uploads/${encodeURIComponent(id)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.ok) return ((await response.json()) as { data: MediaUpload }).data;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error('no result');
}

type State =
  | { step: 'idle' }
  | { step: 'sending'; name: string; sent: number; total: number }
  | { step: 'done'; upload: MediaUpload }
  | { step: 'failed'; message: string };

export function MediaUploadInput({
  source,
  kind,
  label,
  helperText,
}: {
  source: string;
  kind: UploadKind;
  label: string;
  helperText: string;
}) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const sending = useRef(false);
  sending.current = state.step === 'sending';
  // Saving while a file is still going would save the lesson without it.
  const { field } = useInput({
    source,
    defaultValue: null,
    validate: () => (sending.current ? 'Дождитесь конца загрузки' : undefined),
  });
  const current = useRef<Upload | null>(null);
  // Leaving the form stops the upload instead of letting it run on for nothing.
  useEffect(
    () => () => {
      void current.current?.abort(true);
    },
    [],
  );
  const inputId = `upload-${source}`;

  const start = async (file: File) => {
    const refusal = uploadRefusal(kind, file.name, file.size);
    if (refusal) {
      setState({ step: 'failed', message: refusal });
      return;
    }
    // The field names no file while a new one goes: a failed replacement must not save the old one.
    field.onChange(null);
    const token = adminToken();
    const upload = new Upload(file, {
      endpoint: '/api/admin/uploads',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      metadata: { kind, filename: file.name, filetype: file.type },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setState({ step: 'sending', name: file.name, sent, total }),
      onSuccess: ({ lastResponse }) => {
        current.current = null;
        const body = lastResponse.getBody();
        // A resumed upload may find the file already whole and being checked: the answer then has no
        // body, and the result is asked for until the check is over.
        const finished = body
          ? Promise.resolve((JSON.parse(body) as { data: MediaUpload }).data)
          : resultOf(upload.url ?? '');
        finished.then(
          (result) => {
            setState({ step: 'done', upload: result });
            field.onChange(result.id);
          },
          () =>
            setState({
              step: 'failed',
              message: 'Файл не прошёл проверку — загрузите его ещё раз',
            }),
        );
      },
      onError: (error) => {
        current.current = null;
        setState({ step: 'failed', message: messageOf(error) });
      },
    });
    current.current = upload;
    setState({ step: 'sending', name: file.name, sent: 0, total: file.size });
    // A file picked again after a closed page goes on from the server's offset.
    const previous = await upload.findPreviousUploads();
    const last = previous[0];
    if (last) upload.resumeFromPreviousUpload(last);
    upload.start();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void start(file);
  };

  const cancel = () => {
    void current.current?.abort(true);
    current.current = null;
    setState({ step: 'idle' });
  };

  const accept = UPLOAD_EXTENSIONS[kind].map((ext) => `.${ext}`).join(',');
  return (
    <Box sx={{ my: 1.5, width: '100%', maxWidth: 560 }}>
      <Typography variant="subtitle2" component="label" htmlFor={inputId}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {helperText}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" component="label" disabled={state.step === 'sending'}>
          {state.step === 'done' || field.value ? 'Заменить файл' : 'Выбрать файл'}
          <input id={inputId} type="file" hidden accept={accept} onChange={onPick} />
        </Button>
        {state.step === 'sending' && state.sent < state.total && (
          <Button color="inherit" onClick={cancel}>
            Отменить
          </Button>
        )}
      </Stack>
      {state.step === 'sending' && (
        <Box sx={{ mt: 1 }} role="status" aria-live="polite">
          <LinearProgress
            variant="determinate"
            value={state.total ? (state.sent / state.total) * 100 : 0}
            aria-label={`Загрузка «${state.name}»`}
          />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {state.sent < state.total
              ? `«${state.name}»: ${formatBytes(state.sent)} из ${formatBytes(state.total)} (${Math.floor(
                  state.total ? (state.sent / state.total) * 100 : 0,
                )}\u00a0%)`
              : `«${state.name}» загружен, сервер проверяет файл…`}
          </Typography>
        </Box>
      )}
      {state.step === 'done' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          {state.upload.poster_url && (
            <img
              src={state.upload.poster_url}
              alt="Обложка"
              width={120}
              style={{ borderRadius: 4, aspectRatio: '16 / 9', objectFit: 'cover' }}
            />
          )}
          <Typography variant="body2" role="status">
            Загружено: «{state.upload.original_name}», {formatBytes(state.upload.size_bytes)}
            {state.upload.duration_seconds !== null &&
              `, длительность ${formatDuration(state.upload.duration_seconds)}`}
            {kind === 'video' &&
              !state.upload.poster_url &&
              '. Кадр для обложки взять не получилось — загрузите картинку ниже'}
          </Typography>
        </Stack>
      )}
      {state.step === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {state.message}
        </Alert>
      )}
    </Box>
  );
}
