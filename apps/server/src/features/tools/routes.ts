import * as C from '@portal/contract/tools/calls';
import { ToolText } from '@portal/contract/tools/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { textsFor } from '../../http/language.ts';
import { Answer, route } from '../../http/route.ts';
import { invalid } from '../../lib/errors.ts';
import { decodeBase64, encodeBase64 } from './lib/base64.ts';
import { bcryptHash, md5Hex, sha1Hex } from './lib/hashes.ts';
import { genMixedPasswords, genSoftPasswords, genWordPasswords } from './lib/passwords.ts';
import type { ToolResult } from './lib/result.ts';
import { humantime, unixtime } from './lib/unixtime.ts';

/**
 * Routes of the utility tools. They compute and change nothing, so they run
 * outside a transaction and are not audited: the audit log would otherwise collect every
 * hash and breach check staff make (the texts themselves would be redacted anyway).
 * Answers are `no-store`: generated passwords, hashes and breach results must not be kept by
 * a browser or proxy cache.
 */
export function toolRoutes(app: FastifyInstance): void {
  // One breach service per process (app.deps.breach), shared with the password-setting calls.
  const { breach } = app.deps;

  const compute = { transaction: false, audit: false } as const;
  // Hashing and encoding cost CPU; bcrypt takes the thread pool that sign-in's argon2 uses too.
  const hashing = { ...compute, limit: 'hash' } as const;

  /** The tool's value, or a 400 with its error text under `field` (shown as "Error: …"). */
  const answer = <T>(reply: FastifyReply, field: string, r: ToolResult<T>): T => {
    reply.header('cache-control', 'no-store');
    if (!r.ok) throw invalid(r.error, { [field]: r.error });
    return r.value;
  };
  const passwords = (reply: FastifyReply, r: ToolResult<string[]>) => {
    const list = answer(reply, 'count', r);
    return new Answer({ passwords: list }, r.ok ? (r.message ?? '') : '');
  };

  route(app, C.md5, {
    access: 'user',
    ...hashing,
    handler: async ({ body, req, reply }) => ({
      result: answer(reply, 'cleartext', md5Hex(body.cleartext, textsFor(req, ToolText))),
    }),
  });
  route(app, C.sha1, {
    access: 'user',
    ...hashing,
    handler: async ({ body, req, reply }) => ({
      result: answer(reply, 'cleartext', sha1Hex(body.cleartext, textsFor(req, ToolText))),
    }),
  });
  route(app, C.bcrypt, {
    access: 'user',
    ...compute,
    limit: 'bcrypt',
    handler: async ({ body, req, reply }) => ({
      result: answer(reply, 'cleartext', await bcryptHash(body.cleartext, textsFor(req, ToolText))),
    }),
  });
  route(app, C.encodeBase64, {
    access: 'user',
    ...hashing,
    handler: async ({ body, req, reply }) => ({
      result: answer(reply, 'cleartext', encodeBase64(body.cleartext, textsFor(req, ToolText))),
    }),
  });
  route(app, C.decodeBase64, {
    access: 'user',
    ...hashing,
    handler: async ({ body, req, reply }) => ({
      result: answer(reply, 'cleartext', decodeBase64(body.cleartext, textsFor(req, ToolText))),
    }),
  });

  // The password stays in this process: it is hashed here and looked up in the local data, never
  // sent elsewhere, and not written to any log (route() logs no bodies; this route is not audited).
  route(app, C.pwned, {
    access: 'user',
    ...hashing,
    handler: async ({ body, reply }) => {
      reply.header('cache-control', 'no-store');
      return breach.check(body.item);
    },
  });

  route(app, C.unixtime, {
    access: 'user',
    handler: async ({ params, req, reply }) => ({
      unixtime: answer(
        reply,
        'seconds_offset',
        unixtime(params.seconds_offset, () => app.deps.now().getTime(), textsFor(req, ToolText)),
      ),
    }),
  });
  route(app, C.humantime, {
    access: 'user',
    handler: async ({ params, req, reply }) => ({
      datetime: answer(reply, 'timestamp', humantime(params.timestamp, textsFor(req, ToolText))),
    }),
  });

  route(app, C.genWordPass, {
    access: 'user',
    handler: async ({ params, req, reply }) =>
      passwords(reply, genWordPasswords(params.count, params.use_numbers, textsFor(req, ToolText))),
  });
  route(app, C.genSoftPass, {
    access: 'user',
    handler: async ({ params, req, reply }) =>
      passwords(reply, genSoftPasswords(params.count, textsFor(req, ToolText))),
  });
  route(app, C.genPass, {
    access: 'user',
    handler: async ({ params, req, reply }) =>
      passwords(reply, genMixedPasswords(params.count, textsFor(req, ToolText))),
  });
}
