import { imageProblem, ImageUploadError, uploadImage } from '../uploads/upload-image.ts';

export { ImageUploadError as AvatarUploadError };

/** Why a picked file cannot be an avatar (rule I-15: an image of at most 2 MB), or null when it can. */
export function avatarFileProblem(file: File): 'notAnImage' | 'tooLarge' | null {
  const problem = imageProblem(file, 'avatar');
  return problem === 'UPLOAD_NOT_AN_IMAGE' ? 'notAnImage' : problem === 'UPLOAD_TOO_LARGE' ? 'tooLarge' : null;
}

/** The avatar goes through the common upload route; the returned key is what profile.update accepts. */
export function uploadAvatar(file: File): Promise<{ key: string; url: string }> {
  return uploadImage(file, 'avatar');
}
