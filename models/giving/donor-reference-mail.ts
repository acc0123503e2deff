// A donor's "send me my reference": their own creditor reference (models/giving/bank-import.ts,
// made the first time it is asked for) mailed with the standing-order instructions and the
// charity's account, in their language. Every address gets it: a reference is what makes a
// transfer a donor's gift, and asking for it tells nothing about who has given. The caller sends
// it in the background (the answer is the same, and as fast, for every address) and counts the
// requests with the shared limiter.
import type { RenderReferenceMail } from '../shared/mails';
import type { Lang } from '../shared/rules';
import { tFor } from '../shared/text';
import { localUrl, PAGE_PATHS } from '../shared/urls';
import { formatIban, formatReference } from '../shared/qr-bill-rules';
import type { LinkMailDeps } from '../people/link-mails';
import { donorReferenceFor } from './bank-import';

export interface ReferenceMailDeps extends LinkMailDeps {
  render: RenderReferenceMail;
  /** The account the standing order pays to, as the bill names it. */
  account: { holder: string; iban: string; bank: string };
}

/** Mails `email` its own reference (made now if it has none) with the standing-order steps. */
export async function mailDonorReference(deps: ReferenceMailDeps, email: string, lang: Lang): Promise<void> {
  const reference = formatReference(await donorReferenceFor(deps.db, email));
  const mail = deps.render({
    t: tFor(deps.i18n, lang),
    lang,
    org: deps.org,
    holder: deps.account.holder,
    iban: formatIban(deps.account.iban),
    bank: deps.account.bank,
    reference,
    manageUrl: localUrl(deps.publicUrl, PAGE_PATHS.donorManage, lang),
  });
  await deps.mail.send({ to: email, ...mail });
}
