import { useState } from 'react';
import { AspectRatio, Center, Group, Image, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { uploadUrl } from '@curio/shared';

/** The request's images (first one large, thumbnails to switch) or a placeholder when there are none. */
export function RequestImages({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation('buying');
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) {
    return (
      <Paper withBorder radius="lg" bg="var(--mantine-color-default-hover)">
        <AspectRatio ratio={4 / 3}>
          <Center>
            <Stack gap={4} align="center">
              <IconPhotoOff size={40} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('detail.noImages')}
              </Text>
            </Stack>
          </Center>
        </AspectRatio>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <AspectRatio ratio={4 / 3}>
          <Image src={uploadUrl(current)} alt={t('detail.imageAlt', { title, n: index + 1 })} fit="contain" />
        </AspectRatio>
      </Paper>
      {images.length > 1 && (
        <Group gap="xs">
          {images.map((key, i) => (
            <UnstyledButton
              key={key}
              onClick={() => setIndex(i)}
              aria-label={t('detail.showImage', { n: i + 1 })}
              aria-current={i === index}
              style={{
                borderRadius: 8,
                overflow: 'hidden',
                outline: i === index ? '2px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-default-border)',
              }}
            >
              <Image src={uploadUrl(key)} alt="" w={56} h={56} fit="cover" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
