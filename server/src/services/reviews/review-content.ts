import { REVIEW_LIMITS } from '@curio/shared';
import type { AppServices } from '../app-services.ts';
import { appError } from '../../trpc/app-error.ts';
import { cleanUserText } from '../comments/content.ts';
import { assertImagesStored } from '../listings/listing-images.ts';
import { storageFor } from '../../storage/storage-for.ts';

/**
 * Spec 2 §5 review rules that do not depend on the order: content required, at most 500
 * characters after sanitising, no contact details, at most 3 images that were really uploaded.
 * (The rating is checked by the input schema: RATING_REQUIRED.)
 */
export async function cleanReviewContent(
  services: AppServices,
  input: { content: string; images: readonly string[] },
): Promise<{ content: string; images: string[] }> {
  const content = cleanUserText(input.content, REVIEW_LIMITS.contentMax);
  const images = [...new Set(input.images)];
  if (images.length > REVIEW_LIMITS.maxImages) throw appError('TOO_MANY_IMAGES', { max: REVIEW_LIMITS.maxImages });
  await assertImagesStored(storageFor(services), images);
  return { content, images };
}
