// Security headers with a Content-Security-Policy, response compression, and no caching of API
// answers by default.
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { Config } from '../config/config';
import { isApiRequest } from '../lib/api-scope';

/** CSP directives: same origin only, plus the origins of the external map styles when set. */
export function cspDirectives(config: Pick<Config, 'mapStyleUrl' | 'mapStyleUrlDark'>) {
  const mapOrigins: string[] = [];
  for (const style of [config.mapStyleUrl, config.mapStyleUrlDark]) {
    if (!style) continue;
    try {
      const { origin } = new URL(style);
      if (!mapOrigins.includes(origin)) mapOrigins.push(origin);
    } catch {
      // validated at boot (config.ts)
    }
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // MapLibre and React set element styles at run time
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins],
    fontSrc: ["'self'", 'data:', ...mapOrigins],
    // the map's basemap GeoJSON is handed to MapLibre's worker as blob: addresses
    connectSrc: ["'self'", 'blob:', ...mapOrigins],
    // MapLibre runs its workers from blob: URLs
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export default fp(
  async function securityPlugin(app) {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(app.ctx.config) },
      crossOriginEmbedderPolicy: false,
      // HSTS only makes sense when the public address is https
      hsts: app.ctx.config.publicUrl.startsWith('https:'),
      // let the browser send the origin to external map tile servers
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // answers up to 64 KB (a page of any list) are compressed in one call rather than through a
    // zlib stream: on a few cores the stream's set-up costs more than the compression (the
    // plugin's advice for such hosts; the task list's CPU per answer, docs/performance.md, ADR 0113).
    // Brotli at quality 4 first, then gzip at level 1: for a 19 KB list page brotli 4 takes a
    // quarter of gzip 6's time for two thirds of its bytes, gzip 1 60 % of it for 2 % more bytes
    // (the list's CPU per answer, docs/performance.md "Speed that holds")
    await app.register(compress, {
      global: true,
      threshold: 1024,
      syncThreshold: 64 * 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 1 },
    });
    // API answers carry tokens (login, refresh) or personal data (accounts, CSV exports): no
    // browser or proxy keeps them unless the route chose its own caching (markers' ETag).
    app.addHook('onSend', async (request, reply) => {
      if (!reply.hasHeader('cache-control') && isApiRequest(request, app.ctx.config.apiPrefix)) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'vfm-security', dependencies: ['vfm-context'] },
);
