// What the Newsletter screen's parts share: the builder's services, the answers of the newsletter
// API (suggestions, the generated mail, the campaign, a send) and what a mail is composed of.
import type { Lang } from '../../../models/shared/rules';
import type { NewsletterData } from '../../../models/newsletter/campaigns';
import type { SendProgress } from '../../../models/newsletter/sends';

/** The services behind the builder (GET /api/admin/newsletter/status, and the screen's loader). */
export interface NewsletterStatus {
  mailing: 'mailchimp' | 'local';
  assistant: 'openai' | 'templates';
  audience: Record<Lang, number> | null;
  /** The signed-in admin's own address (an e-mail sign-in), where test mails go; null: ask for one. */
  testAddress: string | null;
}

export interface Suggestion {
  suggestedSubject: string;
  suggestedPreview: string;
  explanation: string;
  source: 'ai' | 'templates';
}

export interface Generated {
  sectionsCount: number;
  newsletterData: NewsletterData;
}

export interface CampaignRef {
  campaignId: string;
  editUrl: string;
}

export interface SendResult {
  /** Local sends go on in the background (the sends panel follows them); Mailchimp's are handed over. */
  status: 'sending' | 'sent';
  progress: SendProgress | null;
}

/** What a mail is made of, as generate and test-send take it. */
export interface Composition {
  subject: string;
  previewText: string;
  language: Lang;
  selectedNews: number[];
  selectedProjects: number[];
}
