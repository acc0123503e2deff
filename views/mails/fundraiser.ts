// The fundraiser mails: to its owner (received, approved, rejected) and to the charity's own
// address (one waits for a person). Plain text from the locale keys fundraiserMail.*, as short
// notes between people; models/giving/fundraiser-actions.ts sends them.
import type { RenderFundraiserOwnerMail, RenderFundraiserTeamMail } from '../../models/shared/mails';

export const fundraiserOwnerMail: RenderFundraiserOwnerMail = ({ t, kind, lang, org, name, title, project, manageUrl, publicUrl, newUrl, reason, endDate }) => {
  const values = {
    site: org,
    name,
    title,
    project,
    url: manageUrl,
    publicUrl,
    newUrl,
    reason,
    date: new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${endDate}T12:00:00Z`)),
  };
  return { subject: t(`fundraiserMail.${kind}.subject`, values), text: t(`fundraiserMail.${kind}.text`, values) };
};

export const fundraiserTeamMail: RenderFundraiserTeamMail = ({ t, name, title, project, adminUrl }) => {
  const values = { name, title, project, url: adminUrl };
  return { subject: t('fundraiserMail.team.subject', values), text: t('fundraiserMail.team.text', values) };
};
