import { BaseModel } from '../../platform/model';
import type { PromotionKind } from '../../contract';

/** A promotion code the owner made. Written only by promotions.repository.ts. */
export class PromotionCode extends BaseModel {
  static tableName = 'promotion_codes';

  declare id: number;
  declare code: string;
  declare kind: PromotionKind;
  declare percentOff: number | null;
  declare amountOffCents: number | null;
  declare startsAt: Date | null;
  declare expiresAt: Date | null;
  declare maxUses: number | null;
  declare maxUsesPerEmail: number | null;
  declare minSubtotalCents: number;
  declare photoIds: number[];
  declare formats: string[];
  declare paused: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export type RedemptionStatus = 'held' | 'redeemed' | 'released';

/** One order's use of a code: held from checkout, redeemed once paid, released if never paid. */
export class PromotionRedemption extends BaseModel {
  static tableName = 'promotion_redemptions';

  declare id: number;
  declare promotionCodeId: number;
  declare orderId: number;
  declare customerEmail: string;
  declare status: RedemptionStatus;
  declare discountCents: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}
