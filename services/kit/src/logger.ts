import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs; secrets never reach them. */
export function createLogger(service: string, level: string): Logger {
  return pino({
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
  });
}
