import { Model, snakeCaseMappers, type RelationMapping } from 'objection';

/**
 * The base of every objection model: tables and columns are snake_case, model properties
 * camelCase (rows come back mapped, inserts and patches go out mapped; names inside where/select/
 * orderBy stay SQL and are written snake_case). Models are never used through the global knex:
 * a repository passes the knex it is given to each query (`Order.query(db)`, `Order.query(trx)`), so
 * every test database and every transaction reaches the right connection.
 */
export class BaseModel extends Model {
  static columnNameMappers = snakeCaseMappers();
}

type Join = RelationMapping<BaseModel>['join'];

const relation = (
  kind: RelationMapping<BaseModel>['relation'],
  modelClass: typeof BaseModel,
  join: Join,
): RelationMapping<BaseModel> => ({ relation: kind, modelClass, join });

/** A one-to-many relation, e.g. hasMany(OrderLineItem, 'orders.id', 'order_line_items.order_id'). */
export const hasMany = (modelClass: typeof BaseModel, from: string, to: string) =>
  relation(Model.HasManyRelation, modelClass, { from, to });

/** A many-to-one relation, e.g. belongsToOne(MediaAssetModel, 'photos.original_id', 'media_assets.id'). */
export const belongsToOne = (modelClass: typeof BaseModel, from: string, to: string) =>
  relation(Model.BelongsToOneRelation, modelClass, { from, to });

/** A many-to-many relation through a join table: `through` is its column to `from`, then its column to `to`. */
export const manyToMany = (
  modelClass: typeof BaseModel,
  from: string,
  through: [string, string],
  to: string,
) =>
  relation(Model.ManyToManyRelation, modelClass, { from, through: { from: through[0], to: through[1] }, to });
