import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { CatalogModule } from '../catalog';
import { createRightsRepository } from './rights.repository';
import { createRightsRoutes, createTdmRoutes } from './rights.routes';
import { createRightsService } from './rights.service';

export type { RightsService } from './rights.service';
export { rightsEndpoints } from './rights.routes';

/**
 * Her rights in every file (issue 50): the owner's rights settings (rights_settings), what each
 * image's files carry (`stampSource`, for the media pipeline), the TDM reservation (headers,
 * /.well-known/tdmrep.json) and robots.txt's section for AI crawlers. Publishes 'rights.changed'.
 */
export function createRightsModule(
  ctx: AppContext,
  deps: { catalog: Pick<CatalogModule, 'service'>; events: DomainEventBus },
) {
  const service = createRightsService({
    repo: createRightsRepository(ctx.db),
    config: ctx.config,
    logger: ctx.logger,
    photoOfAsset: (assetId) => deps.catalog.service.rightsOfAsset(assetId),
    rightsChanged: (tx, assetIds) => deps.events.publish(tx, 'rights.changed', { assetIds }),
  });
  const module = {
    service,
    /** For media's stamp (wired at `media.useStampSource`): what an asset's variants carry. */
    stampSource: { stampOf: service.stampOf },
    /** tdm-reservation and tdm-policy for a page or image answer (from memory: no query). */
    tdmHeaders: service.tdmHeaders,
    /** robots.txt's AI crawler section (catalog's robots.txt asks for it). */
    robotsSection: service.robotsSection,
    endpoints: () => createRightsRoutes(service),
    rootRoutes: () => createTdmRoutes(service),
  };
  return module satisfies HttpModule;
}
export type RightsModule = ReturnType<typeof createRightsModule>;
