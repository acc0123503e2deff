import { useApp, useLang, useT } from '../../app-context';
import { addressLines } from '../../../models/shared/address';

/** The charity's name, postal address, e-mail (and phone) from the ORG_* configuration: the privacy notice and the imprint. */
export function OrgAddress({ withPhone = false }: { withPhone?: boolean }) {
  const t = useT();
  const lang = useLang();
  const { site } = useApp();
  const [street, town, country] = addressLines(site.address, lang);
  return (
    <address className="org-address">
      <strong>{site.legalName}</strong>
      <br />
      {street}
      <br />
      {town}
      <br />
      {country}
      <br />
      {t('imprint.org.email')}: <a href={`mailto:${site.email}`}>{site.email}</a>
      {withPhone && (
        <>
          <br />
          {t('imprint.org.phone')}: <a href={`tel:${site.phone.replace(/[^+0-9]/g, '')}`}>{site.phone}</a>
        </>
      )}
    </address>
  );
}
