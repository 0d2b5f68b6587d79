import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import type { CatalogService } from './catalog.service';
import {
  categoryCreateSchema,
  categoryReorderSchema,
  categorySchema,
  categoryUpdateSchema,
  messageResultSchema,
} from '../../contract';

// The categories' endpoints: the public list and the owner's writes.
const shared = { auth: 'public', session: false, cache: 'shared' } as const;
const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const categories = 'POST/PUT/DELETE /api/admin/categories[/{id}]';
const reorder = {
  ...admin,
  path: '/api/admin/categories/reorder',
  body: categoryReorderSchema,
  invalid: 'category order',
  answer: categorySchema.array(),
  contract: 'PUT /api/admin/categories/reorder (POST also accepted)',
} as const;

export const categoryEndpoints = {
  listCategories: {
    ...shared,
    method: 'GET',
    path: '/api/categories',
    answer: categorySchema.array(),
    contract: 'GET /api/categories',
  },
  createCategory: {
    ...admin,
    method: 'POST',
    path: '/api/admin/categories',
    body: categoryCreateSchema,
    invalid: 'category',
    answer: categorySchema,
    contract: categories,
  },
  // before /categories/:id, which would read "reorder" as an id
  reorderCategories: { ...reorder, method: 'PUT' },
  reorderCategoriesByPost: { ...reorder, method: 'POST' },
  updateCategory: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/categories/:id',
    params: { id: 'category id' },
    body: categoryUpdateSchema,
    invalid: 'category',
    answer: categorySchema,
    contract: categories,
  },
  deleteCategory: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/categories/:id',
    params: { id: 'category id' },
    answer: categorySchema.extend({ message: messageResultSchema.shape.message }),
    contract: categories,
  },
} satisfies Record<string, EndpointSpec>;

export function createCategoryRoutes(service: CatalogService) {
  return bindEndpoints(categoryEndpoints, {
    listCategories: async (_req, res) => {
      res.json(await service.listCategories());
    },
    createCategory: async (_req, res, { body }) => {
      res.status(201).json(await service.createCategory(body));
    },
    reorderCategories: async (_req, res, { body }) => {
      res.json(await service.reorderCategories(body.categoryIds));
    },
    reorderCategoriesByPost: async (_req, res, { body }) => {
      res.json(await service.reorderCategories(body.categoryIds));
    },
    updateCategory: async (_req, res, { params, body }) => {
      res.json(await service.updateCategory(params.id, body));
    },
    deleteCategory: async (_req, res, { params }) => {
      res.json(await service.deleteCategory(params.id));
    },
  });
}
