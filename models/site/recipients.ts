// Who receives visitors' personal data besides the charity, as the privacy notice lists them
// (revFADP Art. 19: the recipients, the countries data goes to, and the safeguard of a transfer to
// a country without adequate protection, Art. 16/17). Written from the configuration: a service
// the site is set up to use is listed, one it is not set up for is not.
import type { Config, ProviderInfo } from '../../config';

export type RecipientService = 'stripe' | 'mailchimp' | 'openai' | 'smtp' | 's3';

export interface Recipient {
  service: RecipientService;
  /** The operator's name (for the mail server and a bucket elsewhere than AWS: as configured). */
  name: string;
  /** Where the data is kept (ISO 3166-1 alpha-2); null when the configuration does not say. */
  country: string | null;
  /**
   * The safeguard of a transfer abroad: 'dpf' (the Swiss-U.S. Data Privacy Framework, for a
   * certified U.S. company), 'scc' (standard contractual clauses), 'adequacy' (a country on the
   * Federal Council's list, Annex 1 of the Data Protection Ordinance); null in Switzerland or unknown.
   */
  safeguard: 'dpf' | 'scc' | 'adequacy' | null;
}

/**
 * Countries with adequate protection according to the Federal Council (Annex 1 DPO, as of 2024):
 * the EEA, the United Kingdom and the others listed. The United States only for companies certified
 * under the Swiss-U.S. Data Privacy Framework, which is a safeguard of its own here.
 */
const ADEQUATE = new Set([
  'AD', 'AR', 'AT', 'BE', 'BG', 'CA', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO', 'FR', 'GB', 'GG', 'GI', 'GR', 'HR', 'HU', 'IE', 'IL', 'IM', 'IS',
  'IT', 'JE', 'LI', 'LT', 'LU', 'LV', 'MC', 'MT', 'NL', 'NO', 'NZ', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'UY',
]);

/** The country of an AWS region (the ones a Swiss charity would choose, and the U.S. default). */
const AWS_REGION_COUNTRY: Record<string, string> = {
  'eu-central-2': 'CH', 'eu-central-1': 'DE', 'eu-west-1': 'IE', 'eu-west-2': 'GB', 'eu-west-3': 'FR', 'eu-south-1': 'IT', 'eu-south-2': 'ES', 'eu-north-1': 'SE',
};

function safeguardFor(country: string | null, stated: ProviderInfo['safeguard']): Recipient['safeguard'] {
  if (!country || country === 'CH') return null;
  if (stated) return stated;
  return ADEQUATE.has(country) ? 'adequacy' : null;
}

/** The recipients of the configured services, in the order the notice lists them. */
export function recipientsOf(config: Pick<Config, 'stripe' | 'mailchimp' | 'openai' | 'smtpUrl' | 's3' | 'providers'>): Recipient[] {
  const out: Recipient[] = [];
  // The three companies are certified (Stripe, Intuit Mailchimp) or contract under clauses (OpenAI).
  if (config.stripe.secretKey) out.push({ service: 'stripe', name: 'Stripe', country: 'US', safeguard: 'dpf' });
  if (config.mailchimp.apiKey && config.mailchimp.audienceId) out.push({ service: 'mailchimp', name: 'Intuit Mailchimp', country: 'US', safeguard: 'dpf' });
  if (config.openai.apiKey) out.push({ service: 'openai', name: 'OpenAI', country: 'US', safeguard: 'scc' });
  if (config.smtpUrl) {
    const given = config.providers.smtp;
    const host = new URL(config.smtpUrl).hostname;
    out.push(given ? { service: 'smtp', name: given.name, country: given.country, safeguard: safeguardFor(given.country, given.safeguard) } : { service: 'smtp', name: host, country: null, safeguard: null });
  }
  if (config.s3) {
    const given = config.providers.s3;
    if (given) out.push({ service: 's3', name: given.name, country: given.country, safeguard: safeguardFor(given.country, given.safeguard) });
    else if (!config.s3.endpoint) {
      // Amazon S3 itself: the region says where; AWS is certified under the framework.
      const country = AWS_REGION_COUNTRY[config.s3.region] ?? (config.s3.region.startsWith('us-') ? 'US' : null);
      out.push({ service: 's3', name: 'Amazon Web Services', country, safeguard: country === 'US' ? 'dpf' : safeguardFor(country, null) });
    } else out.push({ service: 's3', name: new URL(config.s3.endpoint).hostname, country: null, safeguard: null });
  }
  return out;
}
