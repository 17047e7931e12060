import { createRequire } from 'node:module';

export type LogFormatOptions = { transport?: { target: string; options: Record<string, unknown> } };

/** pino-pretty is a devDependency: an install without dev packages simply logs JSON. */
function prettyAvailable(): boolean {
  try {
    createRequire(__filename).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Development logs read as text (pino-pretty); production and tests stay JSON, one object a line, for the log
 * pipeline. LOG_FORMAT=json or LOG_FORMAT=pretty overrides the default (pretty never in production).
 */
export function logFormat(nodeEnv: string, override: string | undefined, available = prettyAvailable): LogFormatOptions {
  const pretty = nodeEnv !== 'production' && (override === 'pretty' || (override !== 'json' && nodeEnv === 'development'));
  if (!pretty || !available()) return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    },
  };
}
