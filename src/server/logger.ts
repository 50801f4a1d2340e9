// Structured JSON logs (pino). Every request line carries request_id; URLs lose the values of
// parameters that grant access (one-time codes, reset tokens) before they are written anywhere.
import pino, { type Logger } from 'pino';

const SECRET_PARAMS = new Set([
  'usertoken',
  'token',
  'verified_token',
  'code',
  'state',
  'checksum',
]);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key)) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

export function createLogger(options: { level?: string } = {}): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: 'umnyashki' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: {
      req: (req: RequestLike) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        ip: req.ip,
        user_agent: req.headers?.['user-agent'],
      }),
      err: pino.stdSerializers.err,
    },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
}
