const MB = 1024 * 1024;
/** Upload limits: add 5MB main and 1MB thumbnail; edit 10MB main and 2MB thumbnail. */
export const imageLimits = {
  create: { image: 5 * MB, thumbnail: 1 * MB },
  update: { image: 10 * MB, thumbnail: 2 * MB },
};

export const catalogMessages = {
  photoNotFound: 'Photo not found.',
  optionNotFound: 'Print option not found.',
  optionNotOnPhoto: (id: number) => `Print option ${id} is not offered for this photo.`,
  categoryNotFound: 'Category not found.',
  noAspectRatio:
    'This photo has no aspect ratio. Edit the photo and set one (for example 3:2) before adding print options.',
  ratioMismatch: (option: string, photo: string) =>
    `This print option is for ${option} photos, but this photo is ${photo}.`,
  categoryIdFormat: 'Category ID must be lowercase with no spaces',
  categoryIdChars: 'Category ID may only use lowercase letters, digits, - and _',
  categoryExists: 'A category with that ID already exists.',
  unknownCategory: (name: string) =>
    `The category "${name}" does not exist. Choose one of the existing categories.`,
  badBase64: 'The image data is not valid base64.',
  photoDeleted: 'Photo deleted.',
  photoArchived:
    'This photo is part of existing orders, so it was archived instead of deleted: it no longer appears in the shop, and order history keeps it.',
  optionDeleted: 'Print option deleted.',
  optionArchived:
    'This print option is part of existing orders, so it was archived instead of deleted: it is no longer offered, and order history keeps it.',
  categoryDeleted:
    'Category deleted. Its photos keep their category value and still appear under All in the portfolio.',
};

/** The print-model endpoint's 404s beyond a missing photo or option. */
export const printModelMessages = {
  noMeasurements: (size: string) => `The ${size} print has no measurements to show at its size.`,
  noImage: 'The photo has no image to show on its print yet.',
};
