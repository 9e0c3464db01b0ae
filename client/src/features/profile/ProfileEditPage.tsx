
// scaffold: replaced by the feature's real screen in this change
export function ProfileEditPage() {
  return <div>ProfileEditPage</div>;
}
