// A chosen picture becomes a small square data URL (the profile photo of DESIGN §5 is a data
// URL of at most ~350 000 characters): centred crop, 256 × 256, JPEG.

export const PHOTO_SIZE_PX = 256;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

export function isAcceptedPicture(file: Pick<File, 'type'>): boolean {
  return ACCEPTED.includes(file.type);
}

/** The centred square of an image, as source rectangle. */
export function centredSquare(width: number, height: number) {
  const side = Math.min(width, height);
  return { x: (width - side) / 2, y: (height - side) / 2, side };
}

export async function pictureToDataUrl(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const { x, y, side } = centredSquare(image.naturalWidth, image.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = PHOTO_SIZE_PX;
    canvas.height = PHOTO_SIZE_PX;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, PHOTO_SIZE_PX, PHOTO_SIZE_PX);
    context.drawImage(image, x, y, side, side, 0, 0, PHOTO_SIZE_PX, PHOTO_SIZE_PX);
    return canvas.toDataURL('image/jpeg', 0.86);
  } finally {
    URL.revokeObjectURL(url);
  }
}
