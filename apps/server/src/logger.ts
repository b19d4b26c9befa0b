import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** Structured JSON logs on stdout (pipe through `pino-pretty` to read them in a terminal). */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({ level, base: { service: 'lesefuchs' } });
}
