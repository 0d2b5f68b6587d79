import type { Db } from '../../platform/db';
import type { Category } from '../../contract';
import { CategoryModel, PhotoModel } from './catalog.models';
import type { Executor } from './photos.repository';

export type CategoryWrite = Omit<Category, 'id'>;

// The wire shape: created_at stays in the database.
const categoryColumns = ['id', 'name', 'display_name', 'display_order'];

export function createCategoriesRepository(db: Db) {
  const categories = (ex: Executor = db) => CategoryModel.query(ex).select(categoryColumns);

  return {
    async listCategories(): Promise<Category[]> {
      return categories().orderBy(['display_order', 'id']);
    },

    async findCategory(id: number): Promise<Category | undefined> {
      return categories().findById(id);
    },

    async findCategoryByName(name: string, ex: Executor = db): Promise<Category | undefined> {
      return categories(ex).findOne({ name });
    },

    async countCategories(ex: Executor = db): Promise<number> {
      return CategoryModel.query(ex).resultSize();
    },

    async nextCategoryOrder(): Promise<number> {
      const last = await CategoryModel.query(db)
        .select('display_order')
        .orderBy('display_order', 'desc')
        .first();
      return last ? last.displayOrder + 1 : 0;
    },

    async insertCategory(c: CategoryWrite): Promise<Category> {
      return CategoryModel.query(db).insert(c).returning(categoryColumns);
    },

    /** Updates the category; a new name is carried over to its photos in the same transaction. */
    async updateCategory(id: number, c: CategoryWrite, oldName: string): Promise<Category> {
      return db.transaction(async (trx) => {
        const [row] = await CategoryModel.query(trx).patch(c).where({ id }).returning(categoryColumns);
        if (c.name !== oldName)
          await PhotoModel.query(trx)
            .where({ category: oldName })
            .patch({ category: c.name, updatedAt: trx.fn.now() });
        return row;
      });
    },

    async deleteCategory(id: number): Promise<void> {
      await CategoryModel.query(db).deleteById(id);
    },

    async reorderCategories(ids: number[]): Promise<void> {
      await db.transaction(async (trx) => {
        for (const [index, id] of ids.entries())
          await CategoryModel.query(trx).findById(id).patch({ displayOrder: index });
      });
    },
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
