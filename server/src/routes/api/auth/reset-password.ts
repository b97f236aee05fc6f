/**
 * One-time links to set an account's password: an invitation (an account an import created
 * without a usable password, valid INVITATION_DAYS) or a reset. The token travels in the link
 * (`/resetPassword?token=…`) and only its SHA-256 is kept in the control database
 * (password_tokens); it serves once.
 *
 * POST /api/auth/resetPassword { token, password } (public; throttled per address like the
 * login: failures count, past the limit 429): 200 sets the password (argon2id) and consumes
 * the token; 404 resetPassword.unknown_token, 410 resetPassword.expired or
 * resetPassword.used, 400 resetPassword.weak_password (the user administration's length
 * rule). A disabled account's token is refused as unknown.
 *
 * POST /api/auth/forgotPassword { email } (public): the "forgot your password" request of the
 * login page. It answers 200 whatever the address, so nobody learns which addresses have an
 * account. An enabled account that signs in with a password gets a reset link by e-mail in
 * its language, valid RESET_LINK_HOURS; one link per RESET_COOLDOWN_MINUTES at most (a second
 * request meanwhile sends nothing: the first e-mail is on its way). Requests are throttled
 * per address and e-mail like the login's failures, on keys of their own (a request does not
 * use up the login's attempts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../../../../common/constants.js';
import { PASSWORD_MIN_LENGTH, RESET_LINK_HOURS } from '../../../../../common/constants.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import { Email } from '../../../../../common/schemas/email.js';
import { USER_PASSWORD_MAX_LENGTH } from '../../../../../common/schemas/users.js';
import { findAccountByEmail } from '../../../auth/accounts.js';
import { normalizeEmail } from '../../../auth/email.js';
import { hashPassword } from '../../../auth/passwords.js';
import { LoginThrottle } from '../../../auth/throttle.js';
import type { Queryable } from '../../../db/types.js';
import { ApiError } from '../../../lib/errors.js';
import type { MailContent } from '../../../mail/messages.js';
import { queueRecordMails } from '../../../mail/outbox.js';
import { notifyMailQueued } from '../../../mail/worker.js';
import { emptyEnvelope } from '../../../plugins/envelope.js';
import type { RouteContext } from '../../context.js';
import { LOGIN_BODY_LIMIT } from './schemas.js';

export const INVITATION_DAYS = 7;
/** At most one reset e-mail per account in this time. */
const RESET_COOLDOWN_MINUTES = 5;
/** The app's page a link opens. */
export const RESET_PATH = '/resetPassword';
/** The throttle's key for this route (no e-mail is known: the address alone counts). */
const THROTTLE_KEY = 'reset-password@vigie.invalid';

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Issues a one-time token for `accountId` (control database): answers the token, to put in the link, and its expiry. */
export async function issuePasswordToken(control: Queryable, accountId: string, purpose: 'invitation' | 'reset', days = INVITATION_DAYS): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await control.query('insert into password_tokens (token_hash, account_id, purpose, expires_at) values ($1, $2, $3, $4)', [digest(token), accountId, purpose, expiresAt]);
  return { token, expiresAt };
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation e-mail, in the reader's language. */
export function invitationMail(input: { language: Language; link: string; districtName: string; expiresAt: Date }): MailContent {
  const fr = input.language === 'fr';
  const district = input.districtName.replace(/\s+/g, ' ').trim();
  const date = new Intl.DateTimeFormat(fr ? 'fr-FR' : 'en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(input.expiresAt);
  const subject = fr ? 'Vigie : votre invitation' : 'Vigie: your invitation';
  const before = fr
    ? ['Bonjour,', '', `Un compte Vigie a été créé pour vous dans le district « ${district} ».`, `Choisissez votre mot de passe avec ce lien (valable une fois, jusqu’au ${date}) :`]
    : ['Hello,', '', `A Vigie account was created for you in the district “${district}”.`, `Choose your password with this link (usable once, until ${date}):`];
  const after = fr ? ['', 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.'] : ['', 'If you did not expect this invitation, ignore this e-mail.'];
  return mailOf(subject, before, input.link, after);
}

/** The reset e-mail a "forgot your password" request sends, in the reader's language. */
export function resetMail(input: { language: Language; link: string; expiresAt: Date }): MailContent {
  const fr = input.language === 'fr';
  const time = new Intl.DateTimeFormat(fr ? 'fr-FR' : 'en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(input.expiresAt);
  const subject = fr ? 'Vigie : choisir un nouveau mot de passe' : 'Vigie: choose a new password';
  const before = fr
    ? ['Bonjour,', '', 'Une demande de nouveau mot de passe a été faite pour votre compte Vigie.', `Choisissez-le avec ce lien (valable une fois, jusqu’à ${time}) :`]
    : ['Hello,', '', 'A new password was asked for your Vigie account.', `Choose it with this link (usable once, until ${time}):`];
  const after = fr
    ? ['', 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe actuel reste valable.']
    : ['', 'If you did not ask for it, ignore this e-mail: your current password still works.'];
  return mailOf(subject, before, input.link, after);
}

/** An e-mail of paragraphs around one link, as text and HTML. */
function mailOf(subject: string, before: string[], link: string, after: string[]): MailContent {
  const text = [...before, link, ...after, ''].join('\n');
  const paragraphs = (lines: string[]) => lines.flatMap((l) => (l === '' ? [] : [`<p>${escapeHtml(l)}</p>`]));
  const html = [...paragraphs(before), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`, ...paragraphs(after)].join('\n');
  return { subject, text, html };
}

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });

export const ResetPasswordBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ maxLength: 1024 }) }, { additionalProperties: false });

export async function resetPasswordRoute(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { control } = ctx.databases;
  const throttle = new LoginThrottle(control);
  typed.post(
    '/resetPassword',
    {
      schema: { tags: ['auth'], security: [], summary: 'Sets a password with a one-time link’s token (invitation or reset): the token is consumed', body: ResetPasswordBody, response: ok(Type.Null()) },
      bodyLimit: LOGIN_BODY_LIMIT,
    },
    async (request) => {
      const lockoutSeconds = await throttle.lockedFor(THROTTLE_KEY, request.ip);
      if (lockoutSeconds > 0) throw new ApiError(429, { message: 'auth.too_many_attempts', redis: { lockoutSeconds } });
      const { token, password } = request.body;
      const refuse = async (status: number, message: string): Promise<never> => {
        await throttle.fail(THROTTLE_KEY, request.ip);
        throw new ApiError(status, { message });
      };
      const { rows } = await control.query<{ account_id: string; expired: boolean; used: boolean; disabled: boolean }>(
        `select t.account_id, t.expires_at <= now() as expired, t.used_at is not null as used, a.disabled
           from password_tokens t join accounts a on a.id = t.account_id where t.token_hash = $1`,
        [digest(token)],
      );
      const found = rows[0];
      if (!found || found.disabled) return refuse(404, 'resetPassword.unknown_token');
      if (found.used) return refuse(410, 'resetPassword.used');
      if (found.expired) return refuse(410, 'resetPassword.expired');
      if (password.length < PASSWORD_MIN_LENGTH || password.length > USER_PASSWORD_MAX_LENGTH) throw ApiError.badRequest('resetPassword.weak_password');
      const passwordHash = await hashPassword(password);
      // Consumed in the statement that checks it is still unused: two requests at once, one wins.
      const claimed = await control.query('update password_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now()', [digest(token)]);
      if (claimed.affectedRows === 0) return refuse(410, 'resetPassword.used');
      await control.query('update accounts set password_hash = $2 where id = $1', [found.account_id, passwordHash]);
      await throttle.succeed(THROTTLE_KEY, request.ip);
      return emptyEnvelope(null);
    },
  );

  typed.post(
    '/forgotPassword',
    {
      schema: { tags: ['auth'], security: [], summary: 'Sends a reset link to the address when it is an account’s: the same answer for any address', body: ForgotPasswordBody, response: ok(Type.Null()) },
      bodyLimit: LOGIN_BODY_LIMIT,
    },
    async (request) => {
      const key = `forgot-password:${normalizeEmail(request.body.email)}`;
      const lockoutSeconds = await throttle.lockedFor(key, request.ip);
      if (lockoutSeconds > 0) throw new ApiError(429, { message: 'auth.too_many_attempts', redis: { lockoutSeconds } });
      await throttle.fail(key, request.ip);
      const account = await findAccountByEmail(ctx.databases, request.body.email);
      if (!account || account.disabled || account.sso) return emptyEnvelope(null);
      const { rows: recent } = await control.query(
        `select 1 from password_tokens where account_id = $1 and purpose = 'reset' and used_at is null and created_at > now() - make_interval(mins => $2)`,
        [account.id, RESET_COOLDOWN_MINUTES],
      );
      if (recent.length > 0) return emptyEnvelope(null);
      const { rows: reader } = await control.query<{ language: Language }>('select language from accounts where id = $1', [account.id]);
      const { token, expiresAt } = await issuePasswordToken(control, account.id, 'reset', RESET_LINK_HOURS / 24);
      const link = `${ctx.config.publicUrl}${RESET_PATH}?token=${token}`;
      const mail = resetMail({ language: reader[0]?.language ?? 'fr', link, expiresAt });
      await queueRecordMails(await ctx.databases.client(account.home_client), [account.email], mail, { validUntil: expiresAt, regarding: `auth.reset:${account.id}` });
      notifyMailQueued();
      return emptyEnvelope(null);
    },
  );
}
