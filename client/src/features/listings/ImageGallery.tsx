import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Box, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './listing.module.css';

/**
 * The listing's images: one large image, previous/next buttons, arrow keys, and a row of
 * thumbnails. A placeholder stands in when the listing has none.
 */
export function ImageGallery({ images, title }: { images: Array<{ key: string; url: string }>; title: string }) {
  const { t } = useTranslation('listing');
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];

  if (!current) {
    return (
      <Box className={classes.galleryMain} role="img" aria-label={t('gallery.none')}>
        <IconPhoto size={64} stroke={1} aria-hidden className={classes.galleryPlaceholder} />
      </Box>
    );
  }

  const go = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <Box component="section" aria-roledescription={t('gallery.roleDescription')} aria-label={t('gallery.label', { title })} onKeyDown={onKeyDown}>
      <Box className={classes.galleryMain}>
        <img src={current.url} alt={t('gallery.imageAlt', { title, number: index + 1, count })} className={classes.galleryImage} />
        {count > 1 && (
          <>
            <ActionIcon
              className={`${classes.galleryNav} ${classes.galleryPrev}`}
              variant="white"
              color="dark"
              radius="xl"
              size="lg"
              onClick={() => go(index - 1)}
              aria-label={t('gallery.previous')}
            >
              <IconChevronLeft size={20} aria-hidden />
            </ActionIcon>
            <ActionIcon
              className={`${classes.galleryNav} ${classes.galleryNext}`}
              variant="white"
              color="dark"
              radius="xl"
              size="lg"
              onClick={() => go(index + 1)}
              aria-label={t('gallery.next')}
            >
              <IconChevronRight size={20} aria-hidden />
            </ActionIcon>
            <Box className={classes.galleryCounter} aria-live="polite">
              {index + 1} / {count}
            </Box>
          </>
        )}
      </Box>
      {count > 1 && (
        <Box className={classes.thumbRow} role="group" aria-label={t('gallery.thumbnails')}>
          {images.map((image, thumbIndex) => (
            <UnstyledButton
              key={image.key}
              className={classes.thumb}
              data-active={thumbIndex === index || undefined}
              aria-current={thumbIndex === index ? 'true' : undefined}
              aria-label={t('gallery.show', { number: thumbIndex + 1 })}
              onClick={() => setIndex(thumbIndex)}
            >
              <img src={image.url} alt="" className={classes.thumbImage} loading="lazy" />
            </UnstyledButton>
          ))}
        </Box>
      )}
    </Box>
  );
}
