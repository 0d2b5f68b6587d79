import { BaseModel } from '../../platform/model';

/** A message from the contact form, kept whether or not the owner's e-mail goes out. */
export class ContactMessage extends BaseModel {
  static tableName = 'contact_messages';

  declare id: number;
  declare name: string;
  declare email: string;
  declare message: string;
  declare ip: string | null;
  declare createdAt: Date;
  /** When the owner marked it read in the admin inbox; null while unread. */
  declare readAt: Date | null;
}
