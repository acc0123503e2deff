// The charity's postal address as people read it, the same on the footer, the contact page,
// receipts and certificates (configured with ORG_STREET, ORG_POSTCODE, ORG_TOWN, ORG_COUNTRY).
import type { Lang } from './rules';

export interface PostalAddress {
  street: string;
  postcode: string;
  town: string;
  /** Two-letter code, like CH. */
  country: string;
}

// A table, not Intl.DisplayNames: the server and a phone's browser must write the same words
// (hydration), and the browser would load locale data for it. Other codes are written as they are.
const COUNTRIES: Record<Lang, Record<string, string>> = {
  en: {
    CH: 'Switzerland', LI: 'Liechtenstein', DE: 'Germany', AT: 'Austria', FR: 'France', IT: 'Italy', ZW: 'Zimbabwe',
    // Where the services named in the privacy notice may keep data (models/site/recipients.ts).
    US: 'United States', IE: 'Ireland', GB: 'United Kingdom', NL: 'Netherlands', BE: 'Belgium', LU: 'Luxembourg', ES: 'Spain', SE: 'Sweden', FI: 'Finland', DK: 'Denmark', NO: 'Norway', PL: 'Poland',
  },
  de: {
    CH: 'Schweiz', LI: 'Liechtenstein', DE: 'Deutschland', AT: 'Österreich', FR: 'Frankreich', IT: 'Italien', ZW: 'Simbabwe',
    US: 'Vereinigte Staaten', IE: 'Irland', GB: 'Vereinigtes Königreich', NL: 'Niederlande', BE: 'Belgien', LU: 'Luxemburg', ES: 'Spanien', SE: 'Schweden', FI: 'Finnland', DK: 'Dänemark', NO: 'Norwegen', PL: 'Polen',
  },
};

export const countryName = (code: string, lang: Lang): string => COUNTRIES[lang][code] ?? code;

/** ["Musterstrasse 12", "6000 Luzern", "Schweiz"]: the lines of a letter's address. */
export function addressLines(address: PostalAddress, lang: Lang): [string, string, string] {
  return [address.street, `${address.postcode} ${address.town}`, countryName(address.country, lang)];
}

/** "Musterstrasse 12, 6000 Luzern, Schweiz": the address on one line. */
export const addressLine = (address: PostalAddress, lang: Lang): string => addressLines(address, lang).join(', ');
