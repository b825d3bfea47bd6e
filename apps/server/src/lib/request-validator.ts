// The request validator (ADR 0078), in place of Fastify's default: the same Ajv options and
// formats (`date-time` the contract's, ADR 0080), with two differences. A BODY is JSON and says what type each value is, so it is
// never coerced (`true` or `[5]` is not the number 1 or 5); querystring, params and headers are
// text by nature and keep coercion to numbers, booleans and one-element arrays. And a refused
// request reports at most MAX_VALIDATION_ISSUES issues: with allErrors one body with 96,000
// unknown properties made 96,000 issues, a 6.6 MB answer and a second of blocked event loop.
import { Ajv, type Options, type Plugin, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';
import { useContractDateTime } from './contract-formats';

/** issues named in a 400 problem at most: enough for any form, bounded for any body */
export const MAX_VALIDATION_ISSUES = 20;

type AjvServerOptions = NonNullable<FastifyServerOptions['ajv']>;
type CompilersFactory = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
type ValidatorFactory = NonNullable<NonNullable<CompilersFactory>['buildValidator']>;
type CompileRequest = { schema: object; httpPart?: string };

/** Fastify's defaults (@fastify/ajv-compiler), that customOptions adjust. */
const FASTIFY_AJV_DEFAULTS: Options = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
};

function createAjv(
  externalSchemas: Record<string, unknown>,
  server: AjvServerOptions,
  overrides: Options,
) {
  const ajv = new Ajv({ ...FASTIFY_AJV_DEFAULTS, ...server.customOptions, ...overrides });
  const plugins = (server.plugins ?? []) as Array<Plugin<unknown> | [Plugin<unknown>, unknown]>;
  let formatsGiven = false;
  for (const plugin of plugins) {
    const [apply, options] = Array.isArray(plugin) ? plugin : [plugin, undefined];
    formatsGiven ||= apply.name === 'formatsPlugin';
    apply(ajv, options);
  }
  if (!formatsGiven) addFormats.default(ajv);
  // `date-time` is the contract's: what the runtime can represent (ADR 0080)
  useContractDateTime(ajv);
  for (const schema of Object.values(externalSchemas)) ajv.addSchema(schema as object);
  return ajv;
}

/** The validator with its issues cut to the first MAX_VALIDATION_ISSUES. */
function capIssues(validate: ValidateFunction): ValidateFunction {
  const capped = ((data: unknown) => {
    const valid = validate(data);
    capped.errors = validate.errors?.slice(0, MAX_VALIDATION_ISSUES) ?? null;
    return valid;
  }) as ValidateFunction;
  return capped;
}

function compileWith(ajv: Ajv, schema: object): ValidateFunction {
  const id = (schema as { $id?: unknown }).$id;
  // one Ajv cannot compile two schemas of the same $id: reuse the first
  const known = typeof id === 'string' ? ajv.getSchema(id) : undefined;
  return capIssues(known ?? ajv.compile(schema));
}

/** Compiled at its first request, not when the server starts (ADR 0131): Ajv's compilation of
 *  every route's schemas was ≈ 10 % of a first start's CPU before the login page. */
function compiledOnFirstUse(ajv: Ajv, schema: object): ValidateFunction {
  let validate: ValidateFunction | undefined;
  const lazy = ((data: unknown) => {
    validate ??= compileWith(ajv, schema);
    const valid = validate(data);
    lazy.errors = validate.errors ?? null;
    return valid;
  }) as ValidateFunction;
  return lazy;
}

type CompileValidator = (request: CompileRequest) => ValidateFunction;

/** Compilers by their shared schemas and options, and their validators by schema: every
 *  Fastify instance of a process (~100 in a test run) compiles the same contract, and ajv's
 *  compilation was a large part of a server's start (docs/performance.md). Plugins (functions) cannot
 *  be compared: with them, each instance compiles its own. */
const sharedCompilers = new Map<string, CompileValidator>();

function buildValidator(externalSchemas: Record<string, unknown>, server: AjvServerOptions = {}) {
  const context = server.plugins?.length
    ? undefined
    : JSON.stringify([externalSchemas, server.customOptions ?? null]);
  const shared = context === undefined ? undefined : sharedCompilers.get(context);
  if (shared) return shared;
  const textParts = createAjv(externalSchemas, server, {});
  const body = createAjv(externalSchemas, server, { coerceTypes: false });
  const compiled = new Map<string, ValidateFunction>();
  const compile: CompileValidator = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? body : textParts;
    const key = `${ajv === body ? 'body' : 'text'}\u0000${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = compiledOnFirstUse(ajv, schema);
      compiled.set(key, validate);
    }
    return validate;
  };
  if (context !== undefined) sharedCompilers.set(context, compile);
  return compile;
}

/** The API's Ajv options (app.ts): strict schemas — unknown properties refused (400), not
 *  silently dropped — and every issue named (forms show them all; at most
 *  MAX_VALIDATION_ISSUES). */
export const REQUEST_AJV_OPTIONS = {
  customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: true },
} satisfies AjvServerOptions;

/** A body's validator as the API's routes validate it, for a body read elsewhere (the zones'
 *  thread reads a big one: modules/zones/zone-body.ts). */
export const bodyValidator = (schema: object): ValidateFunction =>
  buildValidator({}, REQUEST_AJV_OPTIONS)({ schema, httpPart: 'body' });

/** `schemaController.compilersFactory.buildValidator` of the Fastify options (its declared
 *  type is @fastify/ajv-compiler's, which takes the schema alone). */
export const buildRequestValidator = buildValidator as unknown as ValidatorFactory;
