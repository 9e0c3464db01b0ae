import { Anchor, Group, Tabs } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../../lib/use-tab-param.ts';
import { MemberPage } from '../../components/MemberPage.tsx';
import { WalletBalanceCard } from './WalletBalanceCard.tsx';
import { CodeTab } from './CodeTab.tsx';
import { UsdtTab } from './UsdtTab.tsx';

type RechargeTab = 'code' | 'usdt';

/** /recharge (rules W-5 and W-6): the USDN balance and two ways to top up, a code (default) or USDT (?tab=usdt). */
export function RechargePage() {
  const { t } = useTranslation('wallet');
  const [tab, changeTab] = useTabParam<RechargeTab>(['code', 'usdt']);
  return (
    <MemberPage title={t('recharge.title')} subtitle={t('recharge.subtitle')}>
      <WalletBalanceCard>
        <Group gap="md">
          <Anchor component={Link} to="/wallet" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconHistory size={16} aria-hidden />
              {t('history.title')}
            </Group>
          </Anchor>
        </Group>
      </WalletBalanceCard>
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="code">{t('recharge.tabs.code')}</Tabs.Tab>
          <Tabs.Tab value="usdt">{t('recharge.tabs.usdt')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="code">
          <CodeTab />
        </Tabs.Panel>
        <Tabs.Panel value="usdt">
          <UsdtTab />
        </Tabs.Panel>
      </Tabs>
    </MemberPage>
  );
}
