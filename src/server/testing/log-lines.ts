// A logger whose lines a test can read: every JSON line it writes, in order.
import { Writable } from 'node:stream';
import { createLogger } from '../logger';

export function capturingLogger(level: string): {
  logger: ReturnType<typeof createLogger>;
  lines: string[];
} {
  const lines: string[] = [];
  const logger = createLogger({
    level,
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
  });
  return { logger, lines };
}
