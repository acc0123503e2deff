// What the models hand the mail views (views/mails/) to render: the facts of each mail and the
// shape of the function that renders it. A model never imports a view; the controller or job
// handler that sends a mail passes the view's render function in.
import type { TFunction } from 'i18next';
import type { Lang } from './rules';

/** A rendered mail: HTML and plain text from the same facts (and a subject where the mail names one). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The receipt of one gift (views/mails/receipt.tsx). */
export interface ReceiptFacts {
  lang: Lang;
  /** The charity's legal name and postal address, one line each. */
  legalName: string;
  addressLines: string[];
  /** "CHF 50.00": the amount and its currency, two decimals. */
  amount: string;
  /** The payment's date in the language's format. */
  date: string;
  project: string;
  /** "One-off donation" / "Monthly donation". */
  kind: string;
  reference: string;
  /** The donor's own creditor reference for bank transfers (groups of four), to give again by transfer. */
  bankReference: string | null;
  manageUrl: string;
  /** "In memory of Rosa Muster": the gift's dedication, when it has one. */
  tribute?: string;
}
export type RenderReceiptMail = (props: ReceiptFacts & { t: TFunction }) => RenderedMail;

/** Stand-in for each recipient's own unsubscribe link in a newsletter; replaced when the mail is sent. */
export const UNSUBSCRIBE_URL = '%%UNSUBSCRIBE_URL%%';

/** One item of a newsletter (views/mails/newsletter.tsx). */
export interface NewsletterSection {
  kind: 'news' | 'project';
  id: number;
  title: string;
  summary: string;
  url: string;
  imageUrl: string | null;
  /** news: the date; projects: the funding line. */
  meta: string;
  /** projects only: the donation link for this project. */
  donateUrl?: string;
}
export interface NewsletterMailInput {
  subject: string;
  previewText: string;
  lang: Lang;
  sections: NewsletterSection[];
  site: { name: string; email: string; address: { street: string; postcode: string; town: string; country: string } };
  /** The site's home page in the newsletter's language, absolute. */
  home: string;
  t: TFunction;
}
/** The newsletter as HTML and plain text, with UNSUBSCRIBE_URL still to be filled in per recipient. */
export type RenderNewsletterMail = (props: NewsletterMailInput) => Omit<RenderedMail, 'subject'>;

/** The double opt-in mail of a new subscriber (views/mails/confirm-subscription.tsx). */
export type RenderConfirmSubscriptionMail = (props: { lang: Lang; org: string; url: string; t: TFunction }) => RenderedMail;

/** The card that tells someone of a gift in honour or in memory of a person (views/mails/tribute-card.tsx). */
export interface TributeCardFacts {
  lang: Lang;
  kind: 'honour' | 'memory';
  /** The person the gift honours or remembers. */
  honoured: string;
  /** Whom the card is for. */
  recipient: string;
  /** The donor's name, when they gave one; the card says "a friend" otherwise. */
  donor: string | null;
  /** The charity's legal name. */
  org: string;
  /** The project in the card's language; null for General Support. */
  project: string | null;
  /** The site's home page in the card's language. */
  siteUrl: string;
}
export type RenderTributeCardMail = (props: TributeCardFacts & { t: TFunction }) => RenderedMail;

/** An article about a project, to a donor who follows it (views/mails/project-news.tsx). */
export interface ProjectNewsFacts {
  lang: Lang;
  /** The charity's name. */
  org: string;
  project: string;
  title: string;
  summary: string;
  /** The article, absolute, in the mail's language. */
  url: string;
  /** The follower's own one-click unsubscribe page. */
  unsubscribeUrl: string;
}
export type RenderProjectNewsMail = (props: ProjectNewsFacts & { t: TFunction }) => RenderedMail;

/** A fundraiser's news to the person who started it (views/mails/fundraiser.ts): plain text. */
export interface FundraiserOwnerFacts {
  kind: 'submitted' | 'approved' | 'rejected';
  lang: Lang;
  /** The charity's name. */
  org: string;
  name: string;
  title: string;
  /** The fundraiser's project in the mail's language ('' when it is no longer live). */
  project: string;
  /** The owner's page with its token ('' in the mail without the link). */
  manageUrl: string;
  /** The public page and the form, absolute, in the mail's language. */
  publicUrl: string;
  newUrl: string;
  /** Why an admin rejected it ('' otherwise). */
  reason: string;
  /** The last day, YYYY-MM-DD. */
  endDate: string;
}
export type RenderFundraiserOwnerMail = (props: FundraiserOwnerFacts & { t: TFunction }) => Omit<RenderedMail, 'html'>;

/** The charity's own address hears of a fundraiser waiting for a person (views/mails/fundraiser.ts): plain text. */
export interface FundraiserTeamFacts {
  name: string;
  title: string;
  project: string;
  /** The admin's Fundraisers tab, absolute. */
  adminUrl: string;
}
export type RenderFundraiserTeamMail = (props: FundraiserTeamFacts & { t: TFunction }) => Omit<RenderedMail, 'html'>;

/** A mail whose point is one one-time link (views/mails/link-mails.ts): plain text. */
export interface LinkMailFacts {
  lang: Lang;
  /** The charity's name. */
  org: string;
  url: string;
  /** How long the link works, in minutes. */
  minutes: number;
}
export type RenderLinkMail = (props: LinkMailFacts & { t: TFunction }) => Omit<RenderedMail, 'html'>;
/** A person's access or erasure link. */
export type RenderPrivacyLinkMail = (props: LinkMailFacts & { kind: 'access' | 'erasure'; t: TFunction }) => Omit<RenderedMail, 'html'>;

/** An invitation into the admin, in the invited person's language (views/mails/link-mails.ts): plain text. */
export interface InvitationFacts {
  lang: Lang;
  org: string;
  url: string;
  /** The invited person and the admin who invites. */
  name: string;
  from: string;
  role: string;
  /** How long the invitation works, in days. */
  days: number;
}
export type RenderInvitationMail = (props: InvitationFacts & { t: TFunction }) => Omit<RenderedMail, 'html'>;

/** A donor's own reference for bank transfers and standing orders (views/mails/reference-mail.ts): plain text. */
export interface ReferenceMailFacts {
  lang: Lang;
  /** The charity's name, and its account as a bill names it. */
  org: string;
  holder: string;
  iban: string;
  bank: string;
  /** The donor's reference as people read it ("RF12 D7K2 M9QX"). */
  reference: string;
  /** The donors' page (absolute), where the donor asks for the link to their gifts. */
  manageUrl: string;
}
export type RenderReferenceMail = (props: ReferenceMailFacts & { t: TFunction }) => Omit<RenderedMail, 'html'>;
