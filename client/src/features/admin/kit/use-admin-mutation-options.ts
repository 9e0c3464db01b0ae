import { notifications } from '@mantine/notifications';
import { trpc } from '../../../lib/trpc.ts';
import { errorMessage } from '../../../lib/app-error.ts';

/**
 * The toasts every admin action shows (rule I-13): the given success text, or the server's
 * translated reason. After a success every admin query is re-read, so lists, stats cards and
 * the dashboard show the new state at once (the badges also follow through their stream).
 */
export function useAdminMutationOptions<TData = unknown>(successMessage: string, onDone?: (data: TData) => void) {
  const utils = trpc.useUtils();
  return {
    onSuccess: (data: TData) => {
      notifications.show({ color: 'teal', message: successMessage });
      void utils.admin.invalidate();
      onDone?.(data);
    },
    onError: (error: unknown) => {
      notifications.show({ color: 'red', message: errorMessage(error) });
    },
  };
}
