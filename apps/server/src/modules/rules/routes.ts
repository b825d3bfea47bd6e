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
import { NoContent, routeDoc } from '../../lib/route-schema';
import { createRule, dryRun, getRule, listRules, removeRule, replaceRule } from './service';

const route = routeDoc(['rules']);

const ruleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/rules',
    route("The fleet's rules: the built-in theft and tamper rules, then the written ones", {
      ok: RuleListSchema,
      problems: [400],
    }),
    async (request) => listRules(scopeOf(request)),
  );

  app.post(
    '/rules',
    route.admin(
      'Write a rule (administrators); 409 RULE_NEEDS_CONFIRMATION when it would fire for more than half the fleet',
      { body: RuleCreateSchema, response: { 201: RuleSchema }, problems: [409] },
    ),
    async (request, reply) =>
      reply.code(201).send(await createRule(scopeOf(request), request.body)),
  );

  app.post(
    '/rules/dry-run',
    route.admin('What a rule would have fired over the last 1–30 days (stored telemetry)', {
      body: RuleDryRunSchema,
      ok: RuleDryRunResultSchema,
    }),
    async (request) => dryRun(scopeOf(request), request.body),
  );

  app.get(
    '/rules/:id',
    route('One rule of the fleet (its version is its ETag)', {
      params: RuleParamsSchema,
      ok: RuleSchema,
    }),
    async (request, reply) => {
      const rule = await getRule(scopeOf(request), request.params.id);
      return reply.header('etag', `"${rule.version}"`).send(rule);
    },
  );

  app.put(
    '/rules/:id',
    route.admin(
      'Replace a rule: the version it changes in If-Match or `version` (409 when stale)',
      { params: RuleParamsSchema, body: RuleUpdateSchema, ok: RuleSchema, problems: [409] },
    ),
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
    route.admin('Delete a written rule (a built-in one is switched off instead: 409)', {
      params: RuleParamsSchema,
      response: { 204: NoContent },
      problems: [409],
    }),
    async (request, reply) => {
      await removeRule(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default ruleRoutes;
