import { BaseModel } from '../../platform/model';

// The about page, logo and shipping notice are single rows with id 1; FAQs are a list in order.

export class AboutContent extends BaseModel {
  static tableName = 'about_content';

  declare id: number;
  declare mainBio: string | null;
  declare approachText: string | null;
  declare servicesText: string | null;
  declare headshotId: number | null;
  declare updatedAt: Date;
}

/** The logo's media type and pixel size are kept with it (from media.ingest). */
export class SiteLogo extends BaseModel {
  static tableName = 'site_logo';

  declare id: number;
  declare assetId: number;
  declare mimeType: string | null;
  declare width: number | null;
  declare height: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class Faq extends BaseModel {
  static tableName = 'faqs';

  declare id: number;
  declare question: string;
  declare answer: string;
  declare orderIndex: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class ShippingNotice extends BaseModel {
  static tableName = 'shipping_notice';

  declare id: number;
  declare isActive: boolean;
  declare line1: string | null;
  declare line2: string | null;
  declare updatedAt: Date;
}
