
// scaffold: replaced by the feature's real screen in this change
export function HomePage() {
  return <div>HomePage</div>;
}
