import { useLocation } from 'react-router';
import { MessagePage } from './message-page';

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <MessagePage
      meta={{ title: '404 Page Not Found', path: pathname }}
      title="404 Page Not Found"
      text="Did you forget to add the page to the router?"
      link={{ to: '/', label: 'Back to Home' }}
    />
  );
}
