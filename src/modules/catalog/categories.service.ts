import { UniqueViolationError } from 'objection';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { catalogMessages } from './catalog.messages';
import type { Category } from '../../contract';
import type { CategoriesRepository, CategoryWrite } from './categories.repository';

export const CATEGORY_NAME = /^[a-z0-9][a-z0-9_-]*$/;

type CategoryInput = Omit<CategoryWrite, 'displayOrder'> & { displayOrder?: number };

function checkCategoryName(name: string): void {
  if (/\s/.test(name) || name !== name.toLowerCase())
    throw badRequest(catalogMessages.categoryIdFormat, { name: catalogMessages.categoryIdFormat });
  if (!CATEGORY_NAME.test(name))
    throw badRequest(catalogMessages.categoryIdChars, { name: catalogMessages.categoryIdChars });
}

/** A second category with the same name is a 409, also when two requests race. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof UniqueViolationError) throw conflict(catalogMessages.categoryExists);
    throw err;
  }
}

/** Photo categories: their names, display names and order. */
export function createCategoriesService(repo: CategoriesRepository) {
  async function existing(id: number): Promise<Category> {
    const category = await repo.findCategory(id);
    if (!category) throw notFound(catalogMessages.categoryNotFound);
    return category;
  }

  return {
    async listCategories(): Promise<Category[]> {
      return repo.listCategories();
    },

    /** A photo's category must exist; a shop with no categories yet accepts any well-formed name. */
    async assertCategory(name: string): Promise<void> {
      if (await repo.findCategoryByName(name)) return;
      if (CATEGORY_NAME.test(name) && (await repo.countCategories()) === 0) return;
      const message = catalogMessages.unknownCategory(name);
      throw badRequest(message, { category: message });
    },

    async createCategory(input: CategoryInput): Promise<Category> {
      checkCategoryName(input.name);
      if (await repo.findCategoryByName(input.name)) throw conflict(catalogMessages.categoryExists);
      const displayOrder = input.displayOrder ?? (await repo.nextCategoryOrder());
      return uniquely(() =>
        repo.insertCategory({ name: input.name, displayName: input.displayName, displayOrder }),
      );
    },

    async updateCategory(id: number, input: CategoryInput): Promise<Category> {
      const before = await existing(id);
      checkCategoryName(input.name);
      const clash = await repo.findCategoryByName(input.name);
      if (clash && clash.id !== id) throw conflict(catalogMessages.categoryExists);
      const write = {
        name: input.name,
        displayName: input.displayName,
        displayOrder: input.displayOrder ?? before.displayOrder,
      };
      return uniquely(() => repo.updateCategory(id, write, before.name));
    },

    async deleteCategory(id: number): Promise<Category & { message: string }> {
      const before = await existing(id);
      await repo.deleteCategory(id);
      return { ...before, message: catalogMessages.categoryDeleted };
    },

    async reorderCategories(ids: number[]): Promise<Category[]> {
      const known = new Set((await repo.listCategories()).map((c) => c.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) {
        const message = `Unknown category id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`;
        throw badRequest(message, { categoryIds: message });
      }
      await repo.reorderCategories(ids);
      return repo.listCategories();
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
