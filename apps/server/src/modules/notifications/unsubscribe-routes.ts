// The one-click unsubscribe of notification e-mails (RFC 8058, docs/notifications.md), outside the API
// prefix: a mail provider's POST carries no API key, no sign-in and no XSRF token — the signed
// token of the link is the proof. GET shows a page with a button (RFC 8058 §3.2: a GET must not
// unsubscribe, link scanners follow links); POST unsubscribes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UnsubscribeQuerySchema, type Language } from '@vfm/contract';
import { escapeHtml } from '../../mail/templates/layout';
import { publicScopeOf } from '../../plugins/request-scope';
import { doc } from '../../lib/route-schema';
import { RATE_LIMITS, perMinute } from '../../plugins/rate-limit';
import { UNSUBSCRIBE_PATH } from './delivery/deliver';
import { unsubscribe, unsubscribeTarget } from './unsubscribe-service';
import { UNSUBSCRIBE_PAGE_TEXTS } from './unsubscribe-texts';

const Html = Type.String({ description: 'An HTML page' });

/** Both calls of the link: public, rate-limited, its token in the query; an HTML page. */
const linkRoute = (summary: string) => ({
  config: { auth: 'public' as const, rateLimit: perMinute(RATE_LIMITS.unsubscribe) },
  ...doc(['notifications'], summary, {
    security: [],
    querystring: UnsubscribeQuerySchema,
    ok: Html,
    response: { 404: Html },
    problems: [400, 429],
  }),
});

function page(language: Language, title: string, body: string) {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f2933;line-height:1.5">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // RFC 8058: the provider posts `List-Unsubscribe=One-Click` as a form (or multipart): the
  // body is not read, the token of the address is what counts
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, null),
  );

  app.get(
    UNSUBSCRIBE_PATH,
    linkRoute(
      'The page of a notification e-mail’s unsubscribe link (a button: GET changes nothing)',
    ),
    async (request, reply) => {
      const scope = publicScopeOf(request);
      const texts = UNSUBSCRIBE_PAGE_TEXTS[scope.language] ?? UNSUBSCRIBE_PAGE_TEXTS.fr;
      const target = await unsubscribeTarget(scope, request.query.token);
      reply.type('text/html; charset=utf-8');
      if (!target) return reply.code(404).send(page(scope.language, texts.invalid, ''));
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`;
      return page(
        scope.language,
        texts.title,
        `<p>${escapeHtml(texts.question.replace('{rule}', target.name))}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#0b6e4f;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:15px">${escapeHtml(texts.button)}</button>
</form>`,
      );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    linkRoute('One-click unsubscribe (RFC 8058): the rule’s e-mails stop for this reader'),
    async (request, reply) => {
      const scope = publicScopeOf(request);
      const texts = UNSUBSCRIBE_PAGE_TEXTS[scope.language] ?? UNSUBSCRIBE_PAGE_TEXTS.fr;
      reply.type('text/html; charset=utf-8');
      if (!(await unsubscribe(scope, request.query.token)))
        return reply.code(404).send(page(scope.language, texts.invalid, ''));
      return page(scope.language, texts.done, `<p>${escapeHtml(texts.doneDetail)}</p>`);
    },
  );
};

export default unsubscribeRoutes;
