import { useLinks, useT } from '../app-context';
import { MessagePage } from '../components/message-page';

export default function NotFoundPage() {
  const t = useT();
  const link = useLinks();
  return <MessagePage eyebrow="404" title={t('notFound.title')} text={t('notFound.hint')} to={link('home')} action={t('notFound.home')} />;
}
