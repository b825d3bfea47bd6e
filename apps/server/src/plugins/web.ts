// Serves the built web app (apps/web/dist): hashed assets with a long cache (compressed by the
// build, ADR 0140), index.html for every page under a language prefix (SPA fallback), and a
// redirect to /fr/ + path for any page address without a supported language prefix (the query
// string is kept).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, THEME_COOKIE, isLanguage } from '@vfm/contract';

/** Where a page request goes: the SPA (null) or a redirect target. */
export function languageRedirect(url: string, fallback: string = DEFAULT_LANGUAGE): string | null {
  const [pathname = '/', query] = splitOnce(url, '?');
  const first = pathname.split('/')[1] ?? '';
  if (isLanguage(first)) return null;
  // e-mail links may name the recipient's language (?lang=en), see docs/decisions/0003
  const lang = new URLSearchParams(query ?? '').get('lang');
  const target = `/${isLanguage(lang) ? lang : fallback}${pathname === '/' ? '/' : pathname}`;
  return query ? `${target}?${query}` : target;
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const index = value.indexOf(separator);
  return index < 0 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)];
}

/**
 * The page in the user's chosen theme from its first paint (ADR 0096): the theme
 * cookie the web app writes becomes `data-theme` on <html>, so no script runs before the page
 * shows and the CSP keeps refusing inline scripts; without the cookie the CSS follows the
 * device (prefers-color-scheme).
 */
export function withTheme(html: string, theme: string | undefined): string {
  if (theme !== 'dark' && theme !== 'light') return html;
  return html.replace(/<html(\s|>)/, `<html data-theme="${theme}"$1`);
}

export default fp(
  async function webPlugin(app) {
    const { webDir } = app.ctx.config;
    const indexFile = path.join(webDir, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        // the build compressed every text asset once (name.br, name.gz; ADR 0140): sent as is
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        },
      });
    } else {
      app.log.warn({ webDir }, 'web app not built: pages answer 503 (run npm run build)');
    }
    let indexHtml: string | null = null;

    app.get(
      '/*',
      { schema: { hide: true }, config: { auth: 'public' } },
      async (request, reply) => {
        if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
        const redirect = languageRedirect(request.url);
        if (redirect) return reply.redirect(redirect, 302);
        if (!built) {
          return reply
            .code(503)
            .type('text/plain')
            .send('The web app is not built: run npm run build.');
        }
        indexHtml ??= await readFile(indexFile, 'utf8');
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie')
          .type('text/html; charset=utf-8')
          .send(withTheme(indexHtml, request.cookies?.[THEME_COOKIE]));
      },
    );
  },
  { name: 'vfm-web', dependencies: ['vfm-context'] },
);
