import { NotFoundPage } from '../layout/NotFoundPage.tsx';

/** Being built in issue 4; until then the route answers as before. */
export function BalanceHistoryPage() {
  return <NotFoundPage />;
}
