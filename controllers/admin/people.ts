// Admins who are people, under /api/admin behind the admin guard:
//   GET /people, POST /people { email, name, role, language } (invites: a mail with a link in that
//   language), DELETE /people/:id (their sessions end)                       admins only
//   GET /account (me, my passkeys, my sessions), POST /account/passkeys/options and
//   POST /account/passkeys (a second passkey), DELETE /account/passkeys/:id,
//   POST /account/sessions/end { others? } (sign out everywhere)           every role
// and under /api/admin/login, without a credential: the passkey sign-in (options, then the
// signed answer) and the invitation's passkey (options for the invited person, then the new
// passkey, which opens their session).
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { linkMailDeps, type Deps } from '../context';
import { AppError, parseId, parseInput } from '../middleware/errors';
import { fieldError, invalidFields } from '../../models/shared/errors';
import { ADMIN_ROLES } from '../../models/shared/roles';
import type { AdminIdentity } from '../../models/people/user';
import { rememberAdminUser } from '../../models/people/user';
import { recordAudit } from '../../models/people/audit';
import { mailInvitation } from '../../models/people/link-mails';
import { invitationMail } from '../../views/mails/link-mails';
import {
  endSessionsOf,
  inviteTokens,
  invitePerson,
  listPeople,
  listSessions,
  personByEmail,
  personById,
  PersonExists,
  removePerson,
} from '../../models/people/people';
import {
  authenticate,
  authenticationOptions,
  listPasskeys,
  PasskeyRefused,
  registerPasskey,
  registrationOptions,
  removePasskey,
  type RelyingParty,
} from '../../models/people/passkeys';
import { isSameOrigin } from '../link-pages';
import { MESSAGES, openSession, signInPerson } from './session';
import type { AccountView } from '../../views/admin/people/people-tab';

const INVITE_INVALID = 'This invitation is invalid, expired or already used. Ask the admin who invited you for a new one.';

const InviteSchema = z.object({
  email: z.string().trim().max(320).pipe(z.email()),
  name: z.string().trim().min(1).max(120),
  role: z.enum(ADMIN_ROLES),
  language: z.enum(['en', 'de']).default('en'),
});

const PasskeyNameSchema = z.string().trim().min(1).max(120);

const rpOf = (deps: Deps): RelyingParty => ({ ...deps.config.relyingParty, name: deps.config.site.name });
const who = (res: Response) => res.locals.admin as AdminIdentity;

function refused(message = 'The passkey was not accepted. Please try again.'): AppError {
  return new AppError(400, 'validation', message, { response: fieldError('invalid', undefined, message) });
}

/** One's own account: who, with which role, their passkeys (a person's) and their sessions (`current`: the one asking). */
export async function accountView(deps: Deps, me: AdminIdentity, sessionId: string): Promise<AccountView> {
  const person = me.personId ? await personById(deps.db, me.personId, deps.config.adminEmails) : null;
  return {
    me: { id: me.id, name: me.name, role: me.role, via: me.via, email: person?.email ?? null },
    passkeys: person ? await listPasskeys(deps.db, person.id) : [],
    sessions: me.via === 'session' ? await listSessions(deps.db, me.id, sessionId) : [],
  };
}

export function peopleApi(deps: Deps): Router {
  const router = Router();
  const configured = () => deps.config.adminEmails;

  router.get('/people', async (_req, res) => {
    res.json(await listPeople(deps.db, configured()));
  });

  router.post('/people', async (req, res) => {
    const input = parseInput(InviteSchema, req.body);
    const me = who(res);
    const from = me.name ?? me.id;
    let invited;
    try {
      invited = await invitePerson(deps.db, { ...input, invitedBy: from });
    } catch (err) {
      if (err instanceof PersonExists) throw invalidFields({ email: fieldError('invalid', undefined, 'This address is one of the people already') }, 409);
      throw err;
    }
    await mailInvitation(linkMailDeps(deps, invitationMail), invited.person, invited.token, from);
    await recordAudit(deps.db, { actor: me.id, actorName: me.name, action: 'invite', entity: 'admin_person', entityId: invited.person.id, details: { name: invited.person.name, role: invited.person.role }, summary: `Invited ${invited.person.name} as ${invited.person.role}` });
    res.status(201).json(invited.person);
  });

  router.delete('/people/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const person = await personById(deps.db, id, configured());
    if (!person) throw new AppError(404, 'not_found', 'No such person');
    if (person.configured) throw new AppError(409, 'validation', 'This address is an admin by configuration (ADMIN_EMAILS): remove it there');
    const me = who(res);
    if (me.personId === person.id) throw new AppError(409, 'validation', 'You cannot remove yourself: ask another admin');
    const { sessions } = await removePerson(deps.db, person);
    await recordAudit(deps.db, { actor: me.id, actorName: me.name, action: 'remove', entity: 'admin_person', entityId: person.id, details: { name: person.name, role: person.role }, summary: `Removed ${person.name} (${sessions} sessions ended)` });
    res.json({ removed: true, sessions });
  });

  // ---- One's own account.
  const personOf = async (res: Response) => {
    const me = who(res);
    const person = me.personId ? await personById(deps.db, me.personId, configured()) : null;
    return { me, person };
  };

  router.get('/account', async (req, res) => {
    res.json(await accountView(deps, who(res), req.sessionID));
  });

  const needPerson = async (res: Response) => {
    const { me, person } = await personOf(res);
    if (!person) throw new AppError(409, 'validation', 'Passkeys belong to people: sign in with your passkey or e-mail link (not an admin key) to add one');
    return { me, person };
  };

  router.post('/account/passkeys/options', async (_req, res) => {
    const { person } = await needPerson(res);
    res.json(await registrationOptions(deps.db, rpOf(deps), person));
  });

  router.post('/account/passkeys', async (req, res) => {
    const { me, person } = await needPerson(res);
    const body = (req.body ?? {}) as { ceremony?: unknown; response?: unknown; name?: unknown };
    const name = PasskeyNameSchema.safeParse(body.name ?? 'Passkey');
    if (!name.success) throw invalidFields({ name: fieldError('invalid', undefined, 'Give the passkey a name of at most 120 characters') });
    let key;
    try {
      key = await registerPasskey(deps.db, rpOf(deps), person, body.ceremony, body.response as never, name.data);
    } catch (err) {
      if (err instanceof PasskeyRefused) throw refused();
      throw err;
    }
    await recordAudit(deps.db, { actor: me.id, actorName: me.name, action: 'create', entity: 'passkey', entityId: key.id, details: { name: key.name }, summary: `Added the passkey ${key.name}` });
    res.status(201).json(key);
  });

  router.delete('/account/passkeys/:id', async (req, res) => {
    const { me, person } = await needPerson(res);
    const id = parseId(req.params.id);
    if (!(await removePasskey(deps.db, person.id, id))) throw new AppError(404, 'not_found', 'No such passkey of yours');
    await recordAudit(deps.db, { actor: me.id, actorName: me.name, action: 'delete', entity: 'passkey', entityId: id, summary: 'Removed a passkey' });
    res.json({ removed: true });
  });

  // Sign out everywhere: every session of this admin (`others: true` keeps the one asking).
  router.post('/account/sessions/end', async (req, res) => {
    const me = who(res);
    const others = (req.body as { others?: unknown } | undefined)?.others === true;
    const ended = await endSessionsOf(deps.db, me.id, others ? req.sessionID : undefined);
    await recordAudit(deps.db, { actor: me.id, actorName: me.name, action: 'logout', entity: 'session', summary: others ? `Signed out on ${ended} other sessions` : `Signed out everywhere (${ended} sessions)` });
    res.json({ ended });
  });
  return router;
}

/** Under /api/admin/login: passkey sign-in and the invitation's passkey (no credential needed). */
export function passkeyLoginApi(deps: Deps): Router {
  const router = Router();
  const sameOrigin = (req: Request) => {
    if (!isSameOrigin(req, deps.config.publicUrl)) throw new AppError(403, 'csrf', 'This request must come from the site itself');
  };
  const signedIn = async (req: Request, res: Response, person: NonNullable<Awaited<ReturnType<typeof signInPerson>>>) => {
    await openSession(req, { id: person.email, method: 'passkey', name: person.name, role: person.role, personId: person.id });
    await rememberAdminUser(deps.db, person.email, person.name, person.role);
    await recordAudit(deps.db, { actor: person.email, actorName: person.name, action: 'login', entity: 'session', summary: 'Logged in with a passkey', details: { method: 'passkey' } });
    req.session.flash = { kind: 'success', key: 'login.success' };
    res.json({ message: 'Login successful!', admin: { id: person.email, name: person.name, role: person.role }, csrfToken: req.session.csrfToken });
  };

  router.post('/passkey/options', async (req, res) => {
    sameOrigin(req);
    res.json(await authenticationOptions(deps.db, rpOf(deps)));
  });

  router.post('/passkey', async (req, res) => {
    sameOrigin(req);
    const body = (req.body ?? {}) as { ceremony?: unknown; response?: unknown };
    const personId = await authenticate(deps.db, rpOf(deps), body.ceremony, body.response as never);
    const found = personId ? await personById(deps.db, personId) : null;
    const person = found ? await signInPerson(deps, found.email) : null;
    if (!person) throw new AppError(401, 'invalid_credentials', MESSAGES.invalid);
    await signedIn(req, res, person);
  });

  const invited = async (token: unknown) => {
    const check = await inviteTokens.check(deps.db, typeof token === 'string' ? token : '');
    const person = check.ok ? await personByEmail(deps.db, check.email) : null;
    if (!check.ok || !person) throw new AppError(400, 'validation', INVITE_INVALID);
    return person;
  };

  router.post('/invite/options', async (req, res) => {
    sameOrigin(req);
    const person = await invited((req.body as { token?: unknown } | undefined)?.token);
    res.json({ ...(await registrationOptions(deps.db, rpOf(deps), person)), person: { name: person.name, email: person.email, role: person.role } });
  });

  router.post('/invite', async (req, res) => {
    sameOrigin(req);
    const body = (req.body ?? {}) as { token?: unknown; ceremony?: unknown; response?: unknown; name?: unknown };
    const person = await invited(body.token);
    const name = PasskeyNameSchema.safeParse(body.name ?? 'Passkey');
    let key;
    try {
      key = await registerPasskey(deps.db, rpOf(deps), person, body.ceremony, body.response as never, name.success ? name.data : 'Passkey');
    } catch (err) {
      if (err instanceof PasskeyRefused) throw refused();
      throw err;
    }
    // The invitation is used once the passkey is kept (a failed ceremony can be tried again).
    const used = await inviteTokens.consume(deps.db, String(body.token));
    if (!used.ok) {
      await removePasskey(deps.db, person.id, key.id);
      throw new AppError(400, 'validation', INVITE_INVALID);
    }
    await recordAudit(deps.db, { actor: person.email, actorName: person.name, action: 'create', entity: 'passkey', entityId: key.id, details: { name: key.name }, summary: `Accepted the invitation with the passkey ${key.name}` });
    const me = await signInPerson(deps, person.email);
    if (!me) throw new AppError(400, 'validation', INVITE_INVALID);
    await signedIn(req, res, me);
  });
  return router;
}
