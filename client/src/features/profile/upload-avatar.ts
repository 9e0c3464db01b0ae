import { LIMITS } from '@curio/shared';
import { ImageUploadError, uploadImage } from '../uploads/upload-image.ts';

export { ImageUploadError as AvatarUploadError };

/** Why a picked file cannot be an avatar (spec 1 §5: an image under 2 MB), or null when it can. */
export function avatarFileProblem(file: File): 'notAnImage' | 'tooLarge' | null {
  if (!file.type.startsWith('image/')) return 'notAnImage';
  if (file.size >= LIMITS.avatarMaxBytes) return 'tooLarge';
  return null;
}

/** The avatar goes through the common upload route; the returned key is what profile.update accepts. */
export function uploadAvatar(file: File): Promise<{ key: string; url: string }> {
  return uploadImage(file, 'avatar');
}
