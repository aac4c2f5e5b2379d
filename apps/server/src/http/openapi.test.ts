import { validate } from '@readme/openapi-parser';
import { FAILURE_CODES } from '@portal/contract/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/support/helper.ts';

/**
 * GET /api/openapi.json: a valid OpenAPI 3.1 document of every registered call, readable without a
 * token. Generated from the routes and the contract, so a route added later is in it, and this
 * fails if one is not.
 */

let t: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: the document is read field by field
let doc: any;
beforeAll(async () => {
  t = await build({ demo: false });
  const res = await t.request('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => t.close());

const toOpenApi = (path: string) => path.replace(/:(\w+)\??/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is served without a token, as the document itself (not in the envelope)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.status).toBeUndefined();
    expect(doc.info.title).toBe('Members Portal API');
  });

  it('passes an OpenAPI validator', async () => {
    // The validator dereferences in place: give it a copy.
    const result = await validate(structuredClone(doc));
    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect(result.warnings).toEqual([]);
    // The validator does see a broken document: a parameter in no valid place.
    const broken = structuredClone(doc);
    broken.paths['/api/customer/{logname}'].get.parameters[0].in = 'body';
    expect((await validate(broken)).valid).toBe(false);
  });

  it('describes every registered route', () => {
    const missing = t.app.deps.calls
      .filter((c) => !doc.paths[toOpenApi(c.path)]?.[c.method.toLowerCase()])
      .map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
    expect(t.app.deps.calls.length).toBeGreaterThan(100);
  });

  it('gives each call its parameters, body, answer, failures, access rule in words and examples', () => {
    for (const c of t.app.deps.calls) {
      const op = doc.paths[toOpenApi(c.path)][c.method.toLowerCase()];
      const where = `${c.method} ${c.path}`;
      expect(op.description, where).toMatch(/^\*\*Who may call it:\*\* \S/);
      expect(op.description, where).not.toContain(`** ${c.access}`);
      for (const name of [...c.path.matchAll(/:(\w+)/g)].map((m) => m[1]))
        expect(
          op.parameters.find((p: { name: string }) => p.name === name),
          `${where} ${name}`,
        ).toMatchObject({ in: 'path', required: true, schema: expect.any(Object) });
      // The answer in the media type the contract declares (JSON unless the call answers a file).
      const content = op.responses['200'].content;
      expect(Object.keys(content), where).toEqual([c.call.media]);
      const ok = content[c.call.media];
      expect(ok.schema, where).toBeTruthy();
      if (c.call.media === 'application/json') expect(ok.example, where).toBeDefined();
      if (c.method === 'POST') {
        const body = op.requestBody.content['application/json'];
        expect(body.schema, where).toBeTruthy();
        expect(body.example, where).toBeDefined();
      }
      expect(op.responses['400'], where).toEqual({ $ref: '#/components/responses/Invalid' });
      expect(op.responses['500'], where).toEqual({ $ref: '#/components/responses/Internal' });
      if (c.token) {
        // A personal access token is accepted wherever a session is, except on interactive calls.
        const schemes = c.interactive ? [{ bearer: [] }] : [{ bearer: [] }, { apiToken: [] }];
        expect(op.security, where).toEqual(c.access === 'optional' ? [{}, ...schemes] : schemes);
        expect(op.responses['401'], where).toEqual({ $ref: '#/components/responses/Unauthenticated' });
      }
    }
  });

  it('says the PDF papers answer application/pdf, and their refusals the JSON envelope', () => {
    for (const path of ['/api/invoice-pdf', '/api/receipt-pdf']) {
      const responses = doc.paths[path].post.responses;
      expect(Object.keys(responses['200'].content), path).toEqual(['application/pdf']);
      expect(responses['200'].content['application/pdf'].schema).toEqual({
        type: 'string',
        contentMediaType: 'application/pdf',
      });
      expect(responses['200'].headers['Content-Disposition'], path).toBeDefined();
      expect(responses['403'], path).toEqual({ $ref: '#/components/responses/Forbidden' });
    }
    // Every other call answers JSON.
    const json = doc.paths['/api/notices/{logname}'].get.responses['200'].content;
    expect(Object.keys(json)).toEqual(['application/json']);
  });

  it('describes the envelope of every answer and the failure envelope with every code', () => {
    const customer = doc.paths['/api/customer/{logname}'].get;
    const ok = customer.responses['200'].content['application/json'];
    expect(ok.schema.required).toEqual(['status', 'message', 'data']);
    expect(ok.example).toMatchObject({ status: 1, message: '', data: expect.any(Object) });
    expect(customer.parameters[0].example).toBe('alice');
    const fail = doc.components.schemas.FailEnvelope;
    expect(fail.properties.code.enum.sort()).toEqual(Object.keys(FAILURE_CODES).sort());
    for (const code of Object.keys(FAILURE_CODES)) expect(fail.properties.code.description).toContain(code);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Calls that make or change credentials take a session only, and say so.
    const create = doc.paths['/api/create-api-token'].post;
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(create.description).toContain('an API token is refused');
    expect(doc.paths['/api/user-change-password'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/customer/{logname}'].get.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
  });

  it('says who may call what in words, from each route’s access rule', () => {
    expect(doc.paths['/api/miglogin'].post.security).toEqual([]);
    expect(doc.paths['/api/miglogin'].post.description).toContain('Anyone: no token.');
    const payment = doc.paths['/api/single-payment'].post;
    expect(payment['x-access-rule']).toBe('account:billing');
    expect(payment.description).toContain('never a Secondary account');
    // Calls that change something take the Idempotency-Key header; reads do not.
    const header = (op: { parameters: Array<{ name: string; in: string }> }) =>
      op.parameters.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(header(payment)).toMatchObject({ required: false, schema: { maxLength: 255 } });
    expect(header(doc.paths['/api/add-recovery-email'].post)).toBeTruthy();
    expect(header(doc.paths['/api/check-account-names'].post)).toBeUndefined();
    expect(header(doc.paths['/api/miglogin'].post)).toBeUndefined();
    // A call answering a secret shown once refuses it (docs/decisions/033-secrets-never-replayed.md).
    expect(header(doc.paths['/api/create-api-token'].post)).toBeUndefined();
    expect(header(doc.paths['/api/create-mail-app-password'].post)).toBeUndefined();
    // App passwords for mail: a session only, the account's own (docs/mail-servers-passwords.md).
    for (const path of ['/api/create-mail-app-password', '/api/require-mail-app-passwords']) {
      expect(doc.paths[path].post.security).toEqual([{ bearer: [] }]);
      expect(doc.paths[path].post['x-access-rule']).toBe('account:own');
    }
    expect(doc.paths['/api/mail-app-passwords/{logname}'].get.security).toEqual([{ bearer: [] }]);
    expect(t.app.deps.calls.filter((c) => c.idempotent).length).toBeGreaterThan(30);
    // An optional trailing parameter is two paths: OpenAPI has no optional path parameters.
    expect(doc.paths['/api/staff/outbox/{status}/{page}'].get).toBeTruthy();
    expect(doc.paths['/api/staff/outbox/{status}'].get).toBeTruthy();
  });
});
