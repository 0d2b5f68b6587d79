import { BaseModel } from '../../platform/model';

/** An admin's login: the username (looked up whatever its case) and the password's hash. */
export class AdminAccount extends BaseModel {
  static tableName = 'admin_users';

  declare id: number;
  declare username: string;
  declare passwordHash: string;
  declare createdAt: Date;
  declare updatedAt: Date;
}
