// pino options: secrets never reach the log (headers redacted, token-bearing query strings
// masked), pretty output on a terminal.
import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY_PARAMS = /([?&](?:token|refreshToken|password|secret)=)[^&]*/gi;

export const maskUrl = (url: string) => url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]');

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.refreshToken',
        '*.jwtToken',
        '*.jwtRefreshToken',
        '*.secret',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return {
          method: request.method,
          url: maskUrl(request.url),
          ip: request.ip,
          id: request.id,
        };
      },
    },
    ...(process.stdout.isTTY && level !== 'silent'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
