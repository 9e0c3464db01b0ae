import { Button, Group, Text } from '@mantine/core';
import { IconCalendarCheck, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCheckIn } from './use-check-in.ts';

/** Today's check-in: the button with its reward, or "checked in today" once done (Curio center and /create). */
export function CheckInAction({ checkedInToday, todayReward }: { checkedInToday: boolean; todayReward: number }) {
  const { t } = useTranslation('points');
  const { checkIn, pending } = useCheckIn();
  return checkedInToday ? (
    <Group gap={6} wrap="nowrap" c="teal">
      <IconCircleCheck size={18} aria-hidden />
      <Text size="sm" fw={600}>
        {t('checkIn.doneToday')}
      </Text>
    </Group>
  ) : (
    <Button radius="xl" color="grape" leftSection={<IconCalendarCheck size={16} aria-hidden />} loading={pending} onClick={checkIn}>
      {t('checkIn.button', { points: todayReward })}
    </Button>
  );
}
