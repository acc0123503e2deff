// The mails that carry one one-time link: a donor's page, a person's data (access or erasure), an
// admin's sign-in and an invitation. Plain text from the locale keys, short enough that the link
// is the mail; the use case that makes the token sends them.
import type { RenderInvitationMail, RenderLinkMail, RenderPrivacyLinkMail } from '../../models/shared/mails';

export const donorLinkMail: RenderLinkMail = ({ t, org, url, minutes }) => ({
  subject: t('donorMail.link.subject', { site: org }),
  text: t('donorMail.link.text', { site: org, url, minutes: String(minutes) }),
});

export const privacyLinkMail: RenderPrivacyLinkMail = ({ t, kind, org, url, minutes }) => ({
  subject: t(`privacyMail.${kind}.subject`, { site: org }),
  text: t(`privacyMail.${kind}.text`, { site: org, url, minutes: String(minutes) }),
});

export const signInLinkMail: RenderLinkMail = ({ t, org, url, minutes }) => ({
  subject: t('admin.login.mailSubject', { site: org }),
  text: t('admin.login.mailText', { site: org, url, minutes: String(minutes) }),
});

export const invitationMail: RenderInvitationMail = ({ t, org, url, name, from, role, days }) => ({
  subject: t('admin.people.inviteSubject', { site: org }),
  text: t('admin.people.inviteText', { name, from, site: org, role: t(`admin.people.roles.${role}`), url, days: String(days) }),
});
