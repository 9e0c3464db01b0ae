
// scaffold: replaced by the feature's real screen in this change
export function SitemapPage() {
  return <div>SitemapPage</div>;
}
