// Fastify gives every request a child logger bound to its id. Making one costs pino a serialisation of the
// bindings — about 9 % of a cached public read under load — and most requests never write a line: the
// request line is at info, below production's warn, and a healthy request logs nothing else. So the child is
// made the first time the request writes a line its level lets through; until then the request holds this
// stand-in, which answers the level of the logger it came from.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { LEVEL_VALUES } from './request-log';

type Factory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<Factory>[1];
type ChildOptions = Parameters<Factory>[2];
type Write = (...args: unknown[]) => void;

const valueOf = (level: string): number => LEVEL_VALUES[level] ?? 0;

class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]) {
    if (this.made === undefined && valueOf(level) < valueOf(this.level)) return;
    (this.logger()[level] as Write)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {
    // Nothing is written at the silent level.
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a child of `logger` with `bindings`, made only when a line gets through. */
export const lazyChildLogger: Factory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
