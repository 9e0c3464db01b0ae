import { REVIEW_LIMITS } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { cleanUserText } from '../comments/content.ts';

/**
 * The review rules of rule S-19 that do not depend on the order: content required, at most 500
 * characters after sanitising, no contact details, at most 3 images (whose ownership the
 * create and update procedures check). The rating is checked by the input schema: RATING_REQUIRED.
 */
export function cleanReviewContent(input: { content: string; images: readonly string[] }): { content: string; images: string[] } {
  const content = cleanUserText(input.content, REVIEW_LIMITS.contentMax);
  const images = [...new Set(input.images)];
  if (images.length > REVIEW_LIMITS.maxImages) throw new DomainError('TOO_MANY_IMAGES', { max: REVIEW_LIMITS.maxImages });
  return { content, images };
}
