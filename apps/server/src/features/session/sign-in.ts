import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Device } from '../../auth/devices.ts';
import { openSession, type SessionMethod } from '../../auth/sessions.ts';
import { rememberDevice } from '../../auth/sign-in-limits.ts';
import type { Db } from '../../db/index.ts';
import type { accounts } from '../../db/schema.ts';
import { Answer } from '../../http/route.ts';

type AccountRow = typeof accounts.$inferSelect;

/**
 * The end of every sign-in, once the account has proved itself (the password, and its second factor
 * when it has one): the browser is remembered as the account's, a session is opened, and the login
 * answer of the spec is made (`id_token`, `bill_email`, `mode`, at the top level and in `data`).
 * `miglogin` and `mfa-verify` answer it alike.
 */
export async function finishSignIn(
  app: FastifyInstance,
  db: Db,
  user: AccountRow,
  how: { req: FastifyRequest; reply: FastifyReply; device: Device | null; method: SessionMethod },
): Promise<Answer> {
  const { deps } = app;
  const { req, reply } = how;
  await rememberDevice(
    deps.devices,
    how.device,
    user.logname,
    reply,
    deps.config.publicUrl.startsWith('https:'),
  );
  const role = user.role === 'admin' || user.role === 'staff' ? user.role : 'customer';
  const session = await openSession(
    db,
    {
      account: user.logname,
      epoch: user.sessionEpoch,
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? ''),
      method: how.method,
    },
    deps.now(),
    deps.sessionTimes,
  );
  const token = await deps.tokens.sign({
    username: user.logname,
    altuser: user.primary ?? user.logname,
    role,
    sid: session.id,
    exp: Math.floor(session.expiresAt.getTime() / 1000),
  });
  const answer = {
    id_token: token,
    bill_email: user.billEmail,
    mode: specMode(user.mode),
    color_mode: colorMode(user.mode),
  };
  // Where the spec's table reads them (top level), and in `data` as before.
  return new Answer(answer, '', answer);
}

/** The stored preference: light, dark, or 'system' (follow the device) — anything else reads as system. */
export const colorMode = (stored: string | undefined): 'light' | 'dark' | 'system' =>
  stored === 'dark' || stored === 'light' ? stored : 'system';

/** The spec's light/dark `mode`: light unless dark was chosen (its fallback), for clients that know only it. */
export const specMode = (stored: string | undefined): 'light' | 'dark' =>
  stored === 'dark' ? 'dark' : 'light';
