import { BaseModel } from '../../platform/model';

/**
 * An admin's login: the username (looked up whatever its case) and the password's hash;
 * `mustChangePassword` while it still has the one-time password the first start printed.
 */
export class AdminAccount extends BaseModel {
  static tableName = 'admin_users';

  declare id: number;
  declare username: string;
  declare passwordHash: string;
  declare mustChangePassword: boolean;
  /** Her last sign-in; null until her first. */
  declare lastLoginAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
