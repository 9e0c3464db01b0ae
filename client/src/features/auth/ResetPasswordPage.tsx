
// scaffold: replaced by the feature's real screen in this change
export function ResetPasswordPage() {
  return <div>ResetPasswordPage</div>;
}
