// The catalogue's wire types: what its routes answer and other modules read.

export type PrintOption = {
  id: number;
  aspectRatio: string;
  size: string;
  format: string;
  price: number;
  shipping: number;
};
export type PhotoSummary = {
  id: number;
  title: string;
  description: string;
  location: string | null;
  dateTaken: string | null;
  aspectRatio: string | null;
  category: string;
  displayOrder: number;
  featured: boolean;
  verticalPosition: number;
  createdAt: string;
  width: number;
  height: number;
  placeholderColor: string;
  imageUrl: string;
  thumbnailUrl: string;
  widths: number[];
};
export type PhotoDetail = PhotoSummary & { printOptions: PrintOption[] };
export type Category = { id: number; name: string; displayName: string; displayOrder: number };
export type PrintOptionMatch = {
  photo: { id: number; title: string; thumbnailUrl: string };
  option: PrintOption;
};
