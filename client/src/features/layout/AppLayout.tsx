import { Outlet } from 'react-router';
// scaffold: replaced by the feature's real screen in this change
export function AppLayout() {
  return <Outlet />;
}
