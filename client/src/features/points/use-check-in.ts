import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

/**
 * Today's check-in state and the daily check-in (ADR 0016), for every place that offers it: the
 * Curio center and the publish page. One query key, so checking in on one updates the other.
 */
export function useCheckIn() {
  const { t } = useTranslation('points');
  const utils = trpc.useUtils();
  const center = trpc.points.center.useQuery({ timeZone: browserTimeZone() }, { staleTime: 10_000 });
  const checkIn = trpc.points.checkIn.useMutation({
    onSuccess: (result) => {
      notifications.show({ color: 'grape', message: t('checkIn.done', { points: result.points, streak: result.streak }) });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorMessage(error) });
    },
    onSettled: () => {
      void utils.points.center.invalidate();
      void utils.points.rewards.invalidate();
      void utils.wallet.balances.invalidate();
    },
  });
  return { center, checkIn: () => checkIn.mutate({ timeZone: browserTimeZone() }), pending: checkIn.isPending };
}
