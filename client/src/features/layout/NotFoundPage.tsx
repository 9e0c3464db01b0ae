
// scaffold: replaced by the feature's real screen in this change
export function NotFoundPage() {
  return <div>NotFoundPage</div>;
}
