import type { ReactNode } from 'react';
import { useT } from '../app-context';
import Header from '../islands/header';
import Toaster from '../islands/toaster';
import { Footer } from '../components/footer';
import { WhatsAppButton } from '../components/whatsapp-button';

/** The frame of every public page: the header, the page, the chat link, the footer, the messages region. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <WhatsAppButton />
      <Footer />
      <Toaster />
    </>
  );
}
