// POST /api/mail-events/:provider: the sending providers' webhooks for bounces, complaints and
// deliveries (postmark, ses, mailgun, brevo; issue 40). Each request is checked as its provider
// documents (models/people/mail-events.ts), its events recorded once per (provider, event id)
// (models/people/mail-suppression.ts) and answered 200 with how many were recorded: a provider
// retries anything else, so a valid request with nothing to record is a 200 too. An unknown
// provider is a 404, one not set up here a 404 that names its variables, missing or wrong
// credentials and signatures a 401, a body that is not the provider's JSON a 400.
import express, { Router, type Request } from 'express';
import type { Deps } from './context';
import { noStore } from './middleware/cache-control';
import { AppError, notFound, badRequest } from '../models/shared/errors';
import { recordMailEvents, type MailEvent } from '../models/people/mail-suppression';
import {
  PROVIDER_SETUP,
  SnsVerifier,
  acceptTokenOnce,
  brevoEvents,
  checkBasicAuth,
  checkBrevoAuth,
  forgetToken,
  isMailEventProvider,
  mailgunEvents,
  parseSnsMessage,
  postmarkEvents,
  sesEvents,
  unauthenticated,
} from '../models/people/mail-events';

/** The JSON of the request: parsed already (application/json), or the text SNS posts (text/plain). */
function jsonOf(req: Request): unknown {
  const body: unknown = req.body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw badRequest('The body is not JSON');
    }
  }
  if (body === undefined || body === null || (typeof body === 'object' && !req.rawBody && Object.keys(body).length === 0)) throw badRequest('The body is empty: the provider posts JSON');
  return body;
}

export function mailEventsApi(deps: Deps): Router {
  const router = Router();
  const settings = deps.config.mailEvents;
  const sns = new SnsVerifier(settings.ses?.testUrlPrefixes ?? []);
  // SNS posts its JSON as text/plain; the other providers' JSON is parsed before (routes.ts).
  const text = express.text({ type: () => true, limit: '1mb' });

  router.post('/:provider', noStore, text, async (req, res) => {
    const provider = String(req.params.provider);
    if (!isMailEventProvider(provider)) throw notFound(`No such mail provider: ${provider.slice(0, 40)} (postmark, ses, mailgun or brevo)`);
    const setup = PROVIDER_SETUP[provider];
    const notConfigured = () => new AppError(404, 'mail_events.not_configured', `${setup.name} webhooks are not set up on this site: set ${setup.variables} (docs/newsletter.md)`);
    let events: MailEvent[] = [];
    let token: string | null = null;

    if (provider === 'postmark') {
      const p = settings.postmark;
      if (!p) throw notConfigured();
      if (!checkBasicAuth(req.get('authorization'), p.user, p.password)) {
        res.set('WWW-Authenticate', 'Basic realm="mail-events", charset="UTF-8"');
        throw unauthenticated('Postmark webhooks need the user name and password of the webhook URL (https://user:password@.../api/mail-events/postmark)');
      }
      events = postmarkEvents(jsonOf(req));
    } else if (provider === 'brevo') {
      const b = settings.brevo;
      if (!b) throw notConfigured();
      if (!checkBrevoAuth(req.get('authorization'), b.token)) throw unauthenticated('Brevo webhooks need the token set for the webhook (Authorization: Bearer ..., or as the password of the webhook URL)');
      events = brevoEvents(jsonOf(req));
    } else if (provider === 'mailgun') {
      const m = settings.mailgun;
      if (!m) throw notConfigured();
      const signed = mailgunEvents(jsonOf(req), m.signingKey);
      if (!(await acceptTokenOnce(deps.db, 'mailgun', signed.token))) throw unauthenticated('This Mailgun signature was used before (a replayed request)');
      token = signed.token;
      events = signed.events;
    } else {
      const s = settings.ses;
      if (!s) throw notConfigured();
      const message = parseSnsMessage(jsonOf(req));
      // A valid signature only says "an SNS topic": only the charity's own topics may report (checked
      // first, so nothing is fetched for anyone else's).
      if (!s.topicArns.includes(message.TopicArn)) throw unauthenticated('This SNS topic is not one of SES_SNS_TOPIC_ARN');
      await sns.verify(message);
      if (message.Type === 'SubscriptionConfirmation') {
        await sns.confirm(message);
        deps.log.info({ topic: message.TopicArn }, 'mail events: SNS subscription confirmed');
        res.json({ confirmed: true, received: 0, recorded: 0 });
        return;
      }
      if (message.Type === 'Notification') events = sesEvents(message);
    }

    try {
      const { recorded } = await recordMailEvents(deps.db, events);
      res.json({ received: events.length, recorded });
    } catch (err) {
      // Not recorded: the provider's retry of this very request must be accepted.
      if (token) await forgetToken(deps.db, 'mailgun', token).catch(() => undefined);
      throw err;
    }
  });

  return router;
}
