/** Shapes of docs/api-contract.md, shared by every feature. Money is in dollars. */

export type PhotoSummary = {
  id: number;
  title: string;
  /** Sanitized HTML. */
  description: string;
  location: string | null;
  dateTaken: string | null;
  aspectRatio: string | null;
  category: string;
  displayOrder: number;
  featured: boolean;
  /** 0 shows the top, 100 the bottom; default 50. */
  verticalPosition: number;
  createdAt: string;
  width: number;
  height: number;
  placeholderColor: string;
  imageUrl: string;
  thumbnailUrl: string;
  widths: number[];
};

export type PrintOption = {
  id: number;
  aspectRatio: string;
  size: string;
  format: string;
  price: number;
  shipping: number;
};

export type PhotoDetail = PhotoSummary & { printOptions: PrintOption[] };

export type Category = { id: number; name: string; displayName: string; displayOrder: number };

export type Site = {
  siteName: string;
  photographerName: string;
  tagline: string;
  payments: { provider: 'stripe' | 'test'; publishableKey: string | null };
};

export type Logo = {
  logoUrl: string | null;
  logoType: string | null;
  width: number | null;
  height: number | null;
};

export type AboutContent = {
  mainBio: string | null;
  approachText: string | null;
  servicesText: string | null;
  headshotUrl: string | null;
  updatedAt: string | null;
};

export type Faq = { id: number; question: string; answer: string; orderIndex: number };

export type ShippingNotice = { isActive: boolean; line1: string | null; line2: string | null };

export type ContactMessage = { name: string; email: string; message: string };

export type CartLine = {
  id: number;
  photoId: number;
  printOptionId: number;
  quantity: number;
  addedAt: string;
  photo: { id: number; title: string; thumbnailUrl: string };
  printOption: PrintOption;
};

export type Cart = { items: CartLine[]; count: number; subtotal: number; shipping: number; total: number };

export type NewCartLine = { photoId: number; printOptionId: number; quantity: number };
