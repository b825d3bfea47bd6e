// Accept-Language chooses the language of messages, e-mails and CSV headers (DESIGN §5).
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@vfm/contract';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

/** The best supported language of an Accept-Language header, by q-value then order. */
export function pickLanguage(header: string | undefined, fallback: Language = DEFAULT_LANGUAGE) {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return fallback;
}

export default fp(
  async function languagePlugin(app) {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.addHook('onRequest', async (request) => {
      request.language = pickLanguage(request.headers['accept-language']);
    });
  },
  { name: 'vfm-language' },
);
