import { NotFoundPage } from '../layout/NotFoundPage.tsx';

/** Being built in issue 5; until then the route answers as before. */
export function MessagesPage() {
  return <NotFoundPage />;
}
