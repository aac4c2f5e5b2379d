import { must } from '@portal/contract/must';
import * as account from '@portal/contract/account/calls';
import * as admin from '@portal/contract/admin/calls';
import * as apiTokens from '@portal/contract/api-tokens/calls';
import * as billing from '@portal/contract/billing/calls';
import * as domains from '@portal/contract/domains/calls';
import * as agent from '@portal/contract/hosting/agent';
import * as hosting from '@portal/contract/hosting/calls';
import { type CallDef, FAILURE_CODES, FailEnvelopeSchema, type FailureCode } from '@portal/contract/http';
import * as mail from '@portal/contract/mail/calls';
import * as notices from '@portal/contract/notices/calls';
import * as reference from '@portal/contract/reference/calls';
import * as passkeys from '@portal/contract/security/passkeys';
import * as session from '@portal/contract/session/calls';
import * as staff from '@portal/contract/staff/calls';
import * as staffSignIn from '@portal/contract/staff-sign-in/calls';
import * as tools from '@portal/contract/tools/calls';
import { sample } from 'openapi-sampler';
import { z } from 'zod';
import type { RegisteredCall } from './route.ts';

/**
 * The OpenAPI 3.1 document of the API (docs/api.md, docs/decisions/020-openapi.md), generated from
 * the registered routes: each route's contract call gives its path, parameters, body and answer
 * (zod → JSON Schema 2020-12, the dialect OpenAPI 3.1 uses), its access rule the security and the
 * words of who may call it. Nothing is written twice, so the document cannot drift from the API.
 */

type Json = Record<string, unknown>;

/** The contract's modules by area: the area is an operation's tag, the export its name. */
const AREAS: Array<[string, Record<string, unknown>]> = [
  ['session', session],
  ['account', account],
  ['notices', notices],
  ['api tokens', apiTokens],
  ['billing', billing],
  ['domains', domains],
  ['mail', mail],
  ['hosting', hosting],
  ['hosting agent', agent],
  ['admin', admin],
  ['tools', tools],
  ['staff', staff],
  ['staff sign-in', staffSignIn],
  ['reference', reference],
  ['security', passkeys],
];

/** The hosting servers' agent calls: no user token, the agent's own secret (features/hosting/agent.ts). */
const isAgentCall = (path: string) => path.startsWith('/api/agent/');

/** Realistic values for fields that recur across calls (demo data), used by the examples. */
const FIELD_EXAMPLES: Record<string, unknown> = {
  logname: 'alice',
  account: 'alice',
  username: 'alice',
  user: 'alice',
  operator: 'alice',
  current_user: 'alice',
  password: 'alice-demo-pass',
  email: 'alice@anderson-design.com',
  bill_email: 'alice@anderson-design.com',
  domain: 'anderson-design.com',
  src_domain: 'anderson-design.com',
  amount: '25.00',
  first_name: 'Alice',
  last_name: 'Anderson',
  company: 'Anderson Design',
  ccname: 'Alice Anderson',
  ccnumber: '4111111111111111',
  expdate: '1230',
  cvv: '123',
  address: '12 Harbor Road',
  addr1: '12 Harbor Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  comments: '',
  idempotency_key: '5f0c6e1e-9d3a-4c47-b7a5-2f1e8f4a6b90',
  id_token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6ImFsaWNlIn0.c2lnbmF0dXJl',
};

const ACCESS_WORDS: Record<string, string> = {
  public: 'Anyone: no token.',
  optional: 'Anyone; a signed-in caller sends the token and may get more.',
  user: 'Any signed-in caller.',
  staff: 'Staff and admins only.',
  'account:self': 'The account named in the request itself, or staff.',
  'account:read':
    'The account named in the request, a Secondary its primary designated dashboard admin, or staff.',
  'account:info':
    'The account named in the request if it is a Primary account, a Secondary it designated dashboard admin, or staff.',
  'account:billing': 'The account named in the request, never a Secondary account, or staff.',
  'account:primary': 'The account named in the request if it is a Primary account, or staff.',
  'account:statement': 'The account named in the request if it is a Primary account, or staff.',
  'account:self+secondary':
    'The panel account named in the request itself, or staff; the account changed is that account or one of its Secondary accounts.',
  'account:staff': 'Staff and admins only, on an account that exists.',
  'account:own': 'The account named in the request itself only: not staff, not the primary of a Secondary.',
  domain: "The domain's owner, an admin granted on that domain (or on all the owner's domains), or staff.",
  'domain:owner': "The domain's owner, or staff: not its granted admins.",
  'site:self': "The website's owner (the site named by its vid), or staff.",
};

/** The error responses, by HTTP status, with the codes each may carry. */
const FAILURES_BY_STATUS = Object.entries(FAILURE_CODES).reduce<Record<number, FailureCode[]>>(
  (all, [code, { http }]) => {
    all[http] = [...(all[http] ?? []), code as FailureCode];
    return all;
  },
  {},
);
const FAILURE_NAMES: Record<number, string> = {
  400: 'Invalid',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'TooLarge',
  422: 'Refused',
  429: 'RateLimited',
  500: 'Internal',
  503: 'Unavailable',
};

export interface DocumentInfo {
  version: string;
}

/** The document for the calls a running app registered (`app.deps.calls`). */
export function openApiDocument(calls: RegisteredCall[], info: DocumentInfo): Json {
  const names = callNames();
  const paths: Record<string, Record<string, Json>> = {};
  for (const registered of calls) {
    for (const variant of pathVariants(registered.path)) {
      const operation = describeCall(registered, names.get(registered.call), variant);
      const byMethod = paths[variant.openApiPath] ?? {};
      byMethod[registered.method.toLowerCase()] = operation;
      paths[variant.openApiPath] = byMethod;
    }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Members Portal API',
      version: info.version,
      description: [
        'Every call of the portal. Sign in with `POST /api/miglogin`; its `data.id_token` is the bearer token of',
        'every other call; a script uses a personal access token (`mpt_…`, `POST /api/create-api-token`) in the',
        'same header instead. Every JSON answer is an envelope: `{status: 1, message, data}` on success,',
        '`{status: 0, message, code, errors?, request_id?}` on failure, and `{status: "expired_token", message,',
        'code: "unauthenticated"}` when the token is missing, invalid, expired or revoked. Programs branch on',
        '`code`, never on the message text. Each call below gives its access rule, parameters, body, answer and',
        'failures; make a personal access token on the API Tokens screen of the portal.',
      ].join(' '),
    },
    servers: [{ url: '/', description: 'This portal' }],
    tags: AREAS.map(([name]) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `data.id_token` answered by `POST /api/miglogin`.',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token (`mpt_…`) made with `POST /api/create-api-token`: the same calls as a ' +
            'session except those that make or change credentials; scope `read` makes GET calls only. It ' +
            'never carries staff power and has its own rate limit.',
        },
        agent: {
          type: 'http',
          scheme: 'bearer',
          description: "A hosting server agent's secret (PORTAL_AGENT_TOKENS); not for customers.",
        },
      },
      schemas: { FailEnvelope: failEnvelopeSchema() },
      responses: Object.fromEntries(
        Object.entries(FAILURES_BY_STATUS).map(([status, codes]) => [
          FAILURE_NAMES[Number(status)],
          failureResponse(codes),
        ]),
      ),
    },
  };
}

interface Variant {
  openApiPath: string;
  /** Path parameters present in this variant. */
  present: Set<string>;
  /** 'with' or 'without' an optional trailing parameter, for distinct operation ids. */
  suffix: string;
}

/**
 * OpenAPI has no optional path parameters: a Fastify path with `:page?` is two paths, one with the
 * parameter and one without (Fastify registers both).
 */
function pathVariants(path: string): Variant[] {
  const names = [...path.matchAll(/:(\w+)\??/g)].map((m) => must(m[1], 'a path parameter name'));
  const full = {
    openApiPath: path.replace(/:(\w+)\??/g, '{$1}'),
    present: new Set(names),
    suffix: '',
  };
  const optional = path.match(/\/:(\w+)\?$/);
  if (!optional) return [full];
  const name = must(optional[1], 'the optional parameter name');
  const short = path.slice(0, -optional[0].length);
  return [
    full,
    {
      openApiPath: short.replace(/:(\w+)\??/g, '{$1}'),
      present: new Set(names.filter((n) => n !== name)),
      suffix: `-without-${name}`,
    },
  ];
}

function describeCall(registered: RegisteredCall, name: CallName | undefined, variant: Variant): Json {
  const { call } = registered;
  const slug = registered.path
    .replace(/^\/api\//, '')
    .split('/')
    .filter((s) => s && !s.endsWith('?'))
    .map((s) => s.replace(/^:/, 'by-'))
    .join('-');
  const operation: Json = {
    operationId: `${registered.method.toLowerCase()}-${slug}${variant.suffix}`,
    summary: name ? humanise(name.name) : slug,
    tags: name ? [name.area] : [],
    description: `**Who may call it:** ${accessWords(registered)}${registered.interactive ? INTERACTIVE_WORDS : ''}`,
    'x-access-rule': registered.access,
    security: security(registered),
    parameters: [
      ...pathParameters(call, variant),
      ...queryParameters(call),
      ...(registered.idempotent ? [IDEMPOTENCY_PARAMETER] : []),
    ],
    responses: {
      '200':
        call.media !== 'application/json'
          ? fileResponse(call)
          : call.envelope
            ? successResponse(call)
            : documentResponse(call),
      ...failureRefs(registered),
    },
  };
  if (registered.method === 'POST') {
    const body = jsonSchema(call.body);
    operation.requestBody = {
      required: !call.body.safeParse(undefined).success,
      content: { 'application/json': { schema: body, example: example(body) } },
    };
  }
  return operation;
}

const INTERACTIVE_WORDS = ' In a signed-in session only: an API token is refused (403).';

function accessWords(registered: RegisteredCall): string {
  if (isAgentCall(registered.path)) return 'A hosting server agent, with its own secret as bearer token.';
  return ACCESS_WORDS[registered.access] ?? registered.access;
}

/** The header of signed-in POST calls that change something (http/idempotency.ts, docs/api.md). */
const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A unique value (e.g. a UUID) for this intended request. A retry with the same key and request gets the ' +
    'first answer again (header `Idempotent-Replayed: true`) for 24 hours; the same key with another request ' +
    'is refused (422 `idempotency_mismatch`); while the first runs, 409 `idempotency_in_progress`.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  example: '5f0c6e1e-9d3a-4c47-b7a5-2f1e8f4a6b90',
};

function security(registered: RegisteredCall): Json[] {
  if (isAgentCall(registered.path)) return [{ agent: [] }];
  if (registered.access === 'public') return [];
  // A personal access token works wherever a session does, except on interactive calls.
  const schemes: Json[] = registered.interactive ? [{ bearer: [] }] : [{ bearer: [] }, { apiToken: [] }];
  if (registered.access === 'optional') return [{}, ...schemes];
  return schemes;
}

function pathParameters(call: CallDef, variant: Variant): Json[] {
  const schema = jsonSchema(call.params);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  return [...variant.present].map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
    example: example(properties[name] ?? { type: 'string' }, name),
  }));
}

/** The query string of a GET call (a search and a page): each field optional unless its schema says not. */
function queryParameters(call: CallDef): Json[] {
  const schema = jsonSchema(call.query);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function successResponse(call: CallDef): Json {
  const data = jsonSchema(call.data);
  const schema = {
    type: 'object',
    properties: { status: { const: 1 }, message: { type: 'string' }, data },
    required: ['status', 'message', 'data'],
    description: 'Some answers carry further top-level fields next to `data` (the spec names them).',
  };
  return {
    description: 'Done: the envelope with the answer in `data`.',
    content: { 'application/json': { schema, example: { status: 1, message: '', data: example(data) } } },
  };
}

function documentResponse(call: CallDef): Json {
  const schema = jsonSchema(call.data);
  return {
    description: 'The document itself (not in the envelope).',
    content: { 'application/json': { schema, example: example(schema) } },
  };
}

/** A file (the call's media type, a PDF paper): its bytes, offered for download; failures stay JSON. */
function fileResponse(call: CallDef): Json {
  return {
    description: 'Done: the file itself (not in the envelope), with its name in `Content-Disposition`.',
    headers: {
      'Content-Disposition': {
        description: '`attachment; filename="…"`: the name to save the file under.',
        schema: { type: 'string' },
      },
    },
    content: { [call.media]: { schema: { type: 'string', contentMediaType: call.media } } },
  };
}

/** The failures a call can answer with, as references to the shared responses. */
function failureRefs(registered: RegisteredCall): Record<string, Json> {
  const statuses = [400, 404, 413, 429, 500, 503];
  if (registered.call.token || isAgentCall(registered.path)) statuses.push(401, 403);
  if (registered.method === 'POST') statuses.push(409, 422);
  if (registered.path === '/api/miglogin') statuses.push(401);
  return Object.fromEntries(
    [...new Set(statuses)]
      .sort()
      .map((status) => [
        String(status),
        { $ref: `#/components/responses/${must(FAILURE_NAMES[status], `a response name for ${status}`)}` },
      ]),
  );
}

function failureResponse(codes: FailureCode[]): Json {
  const first = must(codes[0], 'a failure code of the status');
  return {
    description: codes.map((code) => `\`${code}\`: ${FAILURE_CODES[code].means}`).join(' '),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/FailEnvelope' },
        example: {
          status: first === 'unauthenticated' ? 'expired_token' : 0,
          message: FAILURE_EXAMPLE_TEXT[first] ?? FAILURE_CODES[first].means,
          code: first,
          ...(first === 'invalid' ? { errors: { email: 'Invalid email address' } } : {}),
          ...(first === 'internal' ? { request_id: '0b7c7d2e-3f7a-4b8e-9a53-6f4a2d1c9e10' } : {}),
        },
      },
    },
  };
}

const FAILURE_EXAMPLE_TEXT: Partial<Record<FailureCode, string>> = {
  invalid: 'email: Invalid email address',
  unauthenticated: 'Session expired',
  forbidden: 'Permission denied',
  not_found: 'Not found',
  internal: 'Internal error',
};

function failEnvelopeSchema(): Json {
  const schema = jsonSchema(FailEnvelopeSchema);
  const properties = schema.properties as Record<string, Json>;
  must(properties.code, 'the failure envelope code property').description = Object.entries(FAILURE_CODES)
    .map(([code, { http, means }]) => `\`${code}\` (${http}): ${means}`)
    .join('\n');
  return schema;
}

/**
 * The wire form of a schema: what a client sends and what the server sends, i.e. the input side of
 * transforms (the server parses requests with them; answers are checked before they are sent).
 * Checks JSON Schema cannot say (Luhn, cross-field rules) are left out: the API answers 400 for them.
 */
function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json;
  return withFieldExamples(rest);
}

/** Adds the recurring fields' example values to a schema (copied, nested objects too). */
function withFieldExamples(schema: Json): Json {
  const out: Json = { ...schema };
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, Json>).map(([name, prop]) => {
        const typed = withFieldExamples(prop);
        const value = FIELD_EXAMPLES[name];
        if (value !== undefined && typed.examples === undefined && accepts(typed, value))
          typed.examples = [value];
        return [name, typed];
      }),
    );
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    if (out[key] && typeof out[key] === 'object') out[key] = withFieldExamples(out[key] as Json);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as Json[]).map(withFieldExamples);
  }
  return out;
}

/** Whether a value fits a schema's type (enough to choose the field examples). */
function accepts(schema: Json, value: unknown): boolean {
  const types = [schema.type ?? (schema.anyOf as Json[] | undefined)?.map((s) => s.type)].flat();
  return types.includes(typeof value) || types.includes(undefined);
}

function example(schema: Json, name?: string): unknown {
  if (name && FIELD_EXAMPLES[name] !== undefined && accepts(schema, FIELD_EXAMPLES[name]))
    return FIELD_EXAMPLES[name];
  return sample(schema as Parameters<typeof sample>[0], { enablePatterns: true, quiet: true });
}

interface CallName {
  area: string;
  name: string;
}

/** Each contract call's area and export name (the operation's tag and summary). */
function callNames(): Map<CallDef, CallName> {
  const names = new Map<CallDef, CallName>();
  for (const [area, module] of AREAS) {
    for (const [name, value] of Object.entries(module)) {
      const v = value as Partial<CallDef> | null;
      if (v && typeof v === 'object' && typeof v.method === 'string' && typeof v.path === 'string')
        names.set(value as CallDef, { area, name });
    }
  }
  return names;
}

/** `singlePayment` → 'Single payment'. */
const humanise = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
