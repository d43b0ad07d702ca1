import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs to stdout (or the file `toFile`, for benchmarks); secrets never reach them. */
export function createLogger(service: string, level: string, toFile?: string): Logger {
  const destination = pino.destination({
    dest: toFile ?? 1,
    mkdir: Boolean(toFile),
    sync: false,
    minLength: 4096,
  });
  return pino(
    {
      name: service,
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-square-hmacsha256-signature"]',
          '*.password',
          '*.password_hash',
          '*.access_token',
          '*.refresh_token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
