import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_SEARCH_MAX, LIMITS } from '@curio/shared';

/**
 * The search box: what is typed settles for 300 ms (rule F-5) before it reaches the URL and so
 * the query. A URL change from elsewhere (a link, the back button) is shown in the box.
 */
export function FeedSearchInput({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('feed');
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text, LIMITS.searchDebounceMs);
  const handledSettled = useRef(settled);

  useEffect(() => {
    // only a newly settled text is sent; a URL change alone must not send the old text back
    if (settled === handledSettled.current) return;
    handledSettled.current = settled;
    const next = settled.trim();
    if (next !== value) onSearch(next);
  }, [settled, value, onSearch]);

  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    // the URL changed (ours settling, a link, the back button): adjust while rendering, not in an effect
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  return (
    <TextInput
      type="search"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      maxLength={FEED_SEARCH_MAX}
      placeholder={t('searchPlaceholder')}
      aria-label={t('searchLabel')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={text ? <CloseButton size="sm" aria-label={t('clearSearch')} onClick={() => setText('')} /> : null}
      radius="xl"
      size="md"
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
