import { useLinks, useT } from '../app-context';
import { MessagePage } from '../components/message-page';

/** Shown for server errors: friendly, no stack trace. */
export default function ErrorPage({ message }: { message?: string }) {
  const t = useT();
  const link = useLinks();
  return <MessagePage title={t('errorPage.title')} text={message || t('errorPage.text')} to={link('home')} action={t('notFound.home')} />;
}
