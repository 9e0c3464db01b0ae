import { useState, type KeyboardEvent } from 'react';
import { CloseButton, Group, Input, Pill, TextInput } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addTag, LIMITS } from '@curio/shared';

export interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  label?: string;
  error?: string | null;
  disabled?: boolean;
}

/**
 * Tags (rule L-3): typed and added with Enter, # prefixed automatically, no duplicates, at most
 * five; the same rules the server applies (addTag), with their messages under the field.
 */
export function TagInput({ value, onChange, label, error, disabled }: TagInputProps) {
  const { t } = useTranslation(['publish', 'errors']);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const commit = () => {
    if (draft.trim() === '') return;
    const result = addTag(value, draft);
    if (!result.ok) {
      setProblem(t(`errors:${result.code}`));
      return;
    }
    onChange(result.tags);
    setDraft('');
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // a Chinese IME confirms its candidate with Enter: that Enter is not "add tag"
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    commit();
  };

  const full = value.length >= LIMITS.maxTags;
  return (
    <Input.Wrapper label={label ?? t('tags.label')} description={t('tags.hint', { max: LIMITS.maxTags })} error={problem ?? error}>
      {value.length > 0 && (
        <Group gap={6} mt={6} mb={6} role="list" aria-label={t('tags.listLabel')}>
          {value.map((tag) => (
            <Pill
              key={tag}
              role="listitem"
              size="md"
              withRemoveButton={!disabled}
              onRemove={() => onChange(value.filter((item) => item !== tag))}
              removeButtonProps={{ 'aria-label': t('tags.remove', { tag }) }}
            >
              {tag}
            </Pill>
          ))}
        </Group>
      )}
      <TextInput
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setProblem(null)}
        placeholder={full ? t('tags.full', { max: LIMITS.maxTags }) : t('tags.placeholder')}
        disabled={disabled || full}
        leftSection={<IconHash size={16} aria-hidden />}
        rightSection={draft ? <CloseButton size="sm" aria-label={t('tags.clear')} onClick={() => setDraft('')} /> : null}
        aria-label={label ?? t('tags.label')}
        error={Boolean(problem ?? error)}
        maxLength={40}
        enterKeyHint="done"
      />
    </Input.Wrapper>
  );
}
