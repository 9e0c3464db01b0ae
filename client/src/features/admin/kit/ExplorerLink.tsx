import { Anchor, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/**
 * Rules AD-22 and AD-23: top-up hashes open a TRON explorer page, withdrawal hashes a Solana
 * one. The hash is shortened in the middle; the whole one is in the title and the link.
 */
const EXPLORERS = {
  tron: (hash: string) => `https://tronscan.org/#/transaction/${encodeURIComponent(hash)}`,
  solana: (hash: string) => `https://solscan.io/tx/${encodeURIComponent(hash)}`,
} as const;

export function ExplorerLink({ network, hash }: { network: keyof typeof EXPLORERS; hash: string }) {
  const short = hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
  return (
    <Anchor href={EXPLORERS[network](hash)} target="_blank" rel="noopener noreferrer" title={hash} size="sm" ff="monospace">
      <Text span inherit>
        {short}
      </Text>{' '}
      <IconExternalLink size={12} aria-hidden />
    </Anchor>
  );
}
