// A fleet's rules (ADR 0126, docs/rules.md): administrators write them, managers read them. Thin:
// the service owns the checks, versions and audit.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  RuleCreateSchema,
  RuleDryRunResultSchema,
  RuleDryRunSchema,
  RuleListSchema,
  RuleParamsSchema,
  RuleSchema,
  RuleUpdateSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { doc, NoContent } from '../../lib/route-schema';
import { createRule, dryRun, getRule, listRules, removeRule, replaceRule } from './service';

const tags = ['rules'];
const admin = { auth: 'admin' } as const;

const ruleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/rules',
    doc(tags, "The fleet's rules: the built-in theft and tamper rules, then the written ones", {
      ok: RuleListSchema,
      problems: [400, 401, 403],
    }),
    async (request) => listRules(scopeOf(request)),
  );

  app.post(
    '/rules',
    {
      config: admin,
      ...doc(
        tags,
        'Write a rule (administrators); 409 RULE_NEEDS_CONFIRMATION when it would fire for more than half the fleet',
        { body: RuleCreateSchema, response: { 201: RuleSchema }, problems: [400, 401, 403, 409] },
      ),
    },
    async (request, reply) =>
      reply.code(201).send(await createRule(scopeOf(request), request.body)),
  );

  app.post(
    '/rules/dry-run',
    {
      config: admin,
      ...doc(tags, 'What a rule would have fired over the last 1–30 days (stored telemetry)', {
        body: RuleDryRunSchema,
        ok: RuleDryRunResultSchema,
        problems: [400, 401, 403],
      }),
    },
    async (request) => dryRun(scopeOf(request), request.body),
  );

  app.get(
    '/rules/:id',
    doc(tags, 'One rule of the fleet (its version is its ETag)', {
      params: RuleParamsSchema,
      ok: RuleSchema,
      problems: [400, 401, 403, 404],
    }),
    async (request, reply) => {
      const rule = await getRule(scopeOf(request), request.params.id);
      return reply.header('etag', `"${rule.version}"`).send(rule);
    },
  );

  app.put(
    '/rules/:id',
    {
      config: admin,
      ...doc(
        tags,
        'Replace a rule: the version it changes in If-Match or `version` (409 when stale)',
        {
          params: RuleParamsSchema,
          body: RuleUpdateSchema,
          ok: RuleSchema,
          problems: [400, 401, 403, 404, 409],
        },
      ),
    },
    async (request, reply) => {
      const rule = await replaceRule(
        scopeOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', `"${rule.version}"`).send(rule);
    },
  );

  app.delete(
    '/rules/:id',
    {
      config: admin,
      ...doc(tags, 'Delete a written rule (a built-in one is switched off instead: 409)', {
        params: RuleParamsSchema,
        response: { 204: NoContent },
        problems: [400, 401, 403, 404, 409],
      }),
    },
    async (request, reply) => {
      await removeRule(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default ruleRoutes;
