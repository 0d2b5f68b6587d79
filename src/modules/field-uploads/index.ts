import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { CatalogModule } from '../catalog';
import { createFieldUploadsRoutes } from './field-uploads.routes';
import { createFieldUploadsService } from './field-uploads.service';
import { createTusHandler } from './tus-endpoint';
import { createUploadStore } from './upload-store';
import { createUploadLocker } from './upload-locker';

export { fieldUploadsEndpoints } from './field-uploads.routes';
export { UPLOADS_PATH } from './tus-endpoint';
export { fieldUploadMessages } from './field-uploads.service';
/** The uploads' per-upload lock across processes (its tests drive it directly). */
export { createUploadLocker } from './upload-locker';

/** On S3 the uploads share the media bucket, under their own prefix. */
const keyPrefixOf = (ctx: Pick<AppContext, 'config'>) => (ctx.config.MEDIA_STORE === 's3' ? 'uploads/' : '');

/**
 * Uploads from the field: the tus endpoint (resumable uploads of camera files into the upload
 * store: DATA_DIR/uploads or the media bucket's `uploads/`), and finished uploads made draft photos
 * through catalog. Owns no table: its files are the upload store's, expired ones swept by the worker.
 */
export function createFieldUploadsModule(ctx: AppContext, deps: { catalog: CatalogModule }) {
  const uploads = createUploadStore(ctx.config);
  const keyPrefix = keyPrefixOf(ctx);
  const fileBytes = deps.catalog.service.uploadLimits().addImage;
  const service = createFieldUploadsService({ uploads, keyPrefix, catalog: deps.catalog.service });
  const module = {
    service,
    /** Deletes unfinished uploads past their expiry (the worker's maintenance sweep). */
    sweepExpired: service.sweepExpired,
    /** `/api/admin/uploads[/{id}]`, the tus protocol: mounted by the app behind the owner's guard. */
    tusHandler: () =>
      createTusHandler(uploads, keyPrefix, fileBytes, createUploadLocker(ctx.redis, ctx.config.REDIS_PREFIX)),
    endpoints: () => createFieldUploadsRoutes({ service, catalog: deps.catalog.service, fileBytes }),
  };
  return module satisfies HttpModule;
}
export type FieldUploadsModule = ReturnType<typeof createFieldUploadsModule>;
