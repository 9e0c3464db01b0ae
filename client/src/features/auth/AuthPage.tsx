
// scaffold: replaced by the feature's real screen in this change
export function AuthPage() {
  return <div>AuthPage</div>;
}
