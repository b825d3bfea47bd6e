// Double-submit XSRF protection (DESIGN §5): the server sets the XSRF-TOKEN cookie (readable
// by the page, SameSite=Strict); every non-GET/HEAD API call repeats it in X-XSRF-TOKEN.
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { XSRF_COOKIE, XSRF_HEADER } from '@vfm/contract';
import { isApiRequest } from '../lib/api-scope';
import { randomToken, safeEqual } from '../lib/crypto';
import { forbidden } from '../lib/problem';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async function xsrfPlugin(app) {
    const { config } = app.ctx;
    await app.register(cookie);
    const secure = config.publicUrl.startsWith('https:');

    app.addHook('onRequest', async (request, reply) => {
      const current = request.cookies[XSRF_COOKIE];
      if (!current) {
        reply.setCookie(XSRF_COOKIE, randomToken(24), {
          path: '/',
          sameSite: 'strict',
          secure,
          httpOnly: false,
        });
      }
      if (SAFE_METHODS.has(request.method) || !isApiRequest(request, config.apiPrefix)) return;
      const header = request.headers[XSRF_HEADER];
      if (!current || typeof header !== 'string' || !safeEqual(header, current)) {
        throw forbidden(
          'The X-XSRF-TOKEN header must repeat the XSRF-TOKEN cookie.',
          'XSRF_TOKEN_MISMATCH',
        );
      }
    });
  },
  { name: 'vfm-xsrf', dependencies: ['vfm-context', 'vfm-errors'] },
);
