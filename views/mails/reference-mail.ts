// A donor's own reference for bank transfers, with how to set up a standing order (Dauerauftrag):
// plain text from the locale keys (models/giving/donor-reference-mail.ts sends it).
import type { RenderReferenceMail } from '../../models/shared/mails';

export const referenceMail: RenderReferenceMail = ({ t, org, holder, iban, bank, reference, manageUrl }) => ({
  subject: t('donorMail.reference.subject', { site: org, reference }),
  text: t('donorMail.reference.text', { site: org, holder, iban, bank, reference, url: manageUrl }),
});
