import type { ReactNode } from 'react';
import { useT } from '../app-context';
import { NavBar } from '../components/nav-bar';
import { Footer } from '../components/footer';
import { WhatsAppButton } from '../components/whatsapp-button';
import { Toaster } from '../components/toaster';
import { Later } from '../later';

export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <WhatsAppButton />
      <Later>
        <Footer />
      </Later>
      <Toaster />
    </>
  );
}
