import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A member's nickname linking to their profile, as every admin list shows people. */
export function MemberLink({ userId, nickname }: { userId: string; nickname: string }) {
  return (
    <Anchor component={Link} to={`/profile/${userId}`} size="sm" fw={600} lineClamp={1}>
      {nickname}
    </Anchor>
  );
}
