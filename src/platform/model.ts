import { Model, snakeCaseMappers, type RelationMapping } from 'objection';

/**
 * The base of every objection model: tables and columns are snake_case, model properties
 * camelCase (rows come back mapped, inserts and patches go out mapped; names inside where/select/
 * orderBy stay SQL and are written snake_case). Models are never used through the global knex:
 * a repository binds them to the knex it is given (`Order.bindKnex(db)`), so every test database
 * and every transaction (`Order.query(trx)`) reaches the right connection.
 */
export class BaseModel extends Model {
  static columnNameMappers = snakeCaseMappers();
}

/** A one-to-many relation, e.g. hasMany(OrderLineItem, 'orders.id', 'order_line_items.order_id'). */
export const hasMany = (
  modelClass: typeof BaseModel,
  from: string,
  to: string,
): RelationMapping<BaseModel> => ({
  relation: Model.HasManyRelation,
  modelClass,
  join: { from, to },
});
