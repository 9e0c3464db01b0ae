import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return '–';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An audit entry's before/after, one line per field: "field: before → after" where both
 * exist, otherwise the value that is there. Objects from any tab's action render alike,
 * so a new action needs nothing here.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin-people');
  if (before == null && after == null) {
    return (
      <Text size="xs" c="dimmed">
        –
      </Text>
    );
  }
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    return (
      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {show(before)} → {show(after)}
      </Text>
    );
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return (
    <Stack gap={2} aria-label={t('audit.columns.change')}>
      {keys.map((key) => {
        const inBefore = key in b;
        const inAfter = key in a;
        const text = inBefore && inAfter ? `${show(b[key])} → ${show(a[key])}` : inAfter ? show(a[key]) : `${show(b[key])} → –`;
        return (
          <Text key={key} size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            <Text span inherit c="dimmed">
              {key}:
            </Text>{' '}
            {text}
          </Text>
        );
      })}
    </Stack>
  );
}
