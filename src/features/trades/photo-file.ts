import imageCompression from 'browser-image-compression';

const maxEdge = 1600;
const maxMegabytes = 1;

/**
 * A phone photo made small enough for a site's signal: resized in the browser and saved as a .jpg
 * (the photo type's accepted extension). A file the browser cannot decode is passed on as it is, so
 * the picker's own type check explains what is accepted.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) return file;
  try {
    const resized = await imageCompression(file, { maxWidthOrHeight: maxEdge, maxSizeMB: maxMegabytes, fileType: 'image/jpeg', useWebWorker: false });
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    return new File([resized], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch (error) {
    console.error(error);
    return file;
  }
}
