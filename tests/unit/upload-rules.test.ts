import { describe, expect, test } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@curio/shared';
import { avatarFileProblem } from '../../client/src/features/profile/upload-avatar.ts';
import { IMAGE_ACCEPT, imageProblem } from '../../client/src/features/uploads/upload-image.ts';

/** The file pickers refuse exactly what the upload route refuses (rule I-15), from the same table. */
const file = (bytes: number, type: string) => new File([new Uint8Array(bytes)], 'picked', { type });

describe('upload rules in the browser', () => {
  test('an avatar of exactly 2 MB is taken, one byte more is too large', () => {
    expect(UPLOAD_MAX_BYTES.avatar).toBe(2 * 1024 * 1024);
    expect(avatarFileProblem(file(UPLOAD_MAX_BYTES.avatar, 'image/png'))).toBeNull();
    expect(avatarFileProblem(file(UPLOAD_MAX_BYTES.avatar + 1, 'image/png'))).toBe('tooLarge');
    expect(avatarFileProblem(file(10, 'image/svg+xml'))).toBe('notAnImage');
  });

  test('proofs offer and take JPEG, PNG and WebP only; listings also GIF and AVIF', () => {
    expect(IMAGE_ACCEPT.proof).toBe('image/jpeg,image/png,image/webp');
    expect(imageProblem(file(10, 'image/gif'), 'proof')).toBe('UPLOAD_NOT_AN_IMAGE');
    expect(imageProblem(file(10, 'image/gif'), 'listing')).toBeNull();
    expect(imageProblem(file(10, 'image/avif'), 'avatar')).toBeNull();
    expect(imageProblem(file(UPLOAD_MAX_BYTES.proof + 1, 'image/jpeg'), 'proof')).toBe('UPLOAD_TOO_LARGE');
  });
});
