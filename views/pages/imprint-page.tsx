// The imprint (Unfair Competition Act Art. 3(1)(s): name, postal address, e-mail address) and the
// terms of using the site. The organisation's details are the ORG_* configuration; the words are
// the Pages tab's "Imprint" entry over the built-in copy (locales, imprint.*).
import { Link } from '../components/link';
import { useLinks, useT } from '../app-context';
import type { PageIntro } from '../components/content/page-hero';
import { TextPageHero } from '../components/content/page-hero';
import { TextSection } from '../components/content/content-section';
import { OrgAddress } from '../components/legal/org-address';

export default function ImprintPage({ content }: { content: PageIntro | null }) {
  const t = useT();
  const link = useLinks();
  return (
    <div className="content-page legal-page">
      <TextPageHero texts="imprint" content={content} />

      <TextSection texts="imprint.org" narrow paragraphs={1}>
        <OrgAddress withPhone />
        <p>{t('imprint.org.p2')}</p>
      </TextSection>

      <TextSection texts="imprint.terms" tone="alt" narrow paragraphs={3}>
        <p>
          {t('imprint.privacy.text')}{' '}
          <Link to={link('privacy')} className="text-link">
            {t('imprint.privacy.link')} <span aria-hidden="true">→</span>
          </Link>
        </p>
      </TextSection>
    </div>
  );
}
