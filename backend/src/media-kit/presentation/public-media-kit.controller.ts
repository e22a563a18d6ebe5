import { Controller, Get, Header, Logger, Param, Req, Res, UseFilters } from '@nestjs/common';
import {
  ApiMovedPermanentlyResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RecordPageView } from '../application/media-kit-analytics.use-case.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { operation, UNAVAILABLE } from '../../deals/index.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import {
  GetPublicMediaKit,
  type MovedMediaKit,
  type PublicMediaKit,
} from '../application/public-media-kit.use-case.js';
import { MediaKitNotFoundError } from '../domain/media-kit.errors.js';
import { MediaKitSettings } from '../application/ports/media-kit-settings.js';
import { PublicMediaKitDto } from './dto/media-kit-response.dto.js';
import { MEDIA_KIT_ERROR_STATUSES } from './media-kit.error-statuses.js';
import {
  MEDIA_KIT_PAGE_CSP,
  renderMediaKitPage,
  renderNotFoundPage,
} from './media-kit-page.html.js';

const HANDLE_PARAM = ApiParam({
  name: 'handle',
  description: 'The creator’s public handle, without the @',
  schema: { type: 'string', maxLength: 64 },
});

function isMoved(found: PublicMediaKit | MovedMediaKit): found is MovedMediaKit {
  return 'movedTo' in found;
}

/** The public media kit (#42): JSON for the web app, and the page itself as HTML for /@handle. */
@ApiTags('media-kit')
@Controller('public/media-kits')
@PublicOperation()
@RateLimited('personal-page')
@UseFilters(new DomainErrorFilter(MEDIA_KIT_ERROR_STATUSES))
export class PublicMediaKitController {
  constructor(
    private readonly getPublic: GetPublicMediaKit,
    private readonly settings: MediaKitSettings,
    private readonly recordView: RecordPageView,
  ) {}

  private readonly logger = new Logger(PublicMediaKitController.name);

  @Get(':handle')
  @operation(
    'A published media kit',
    'Unknown, unpublished and erased creators answer the same 404. An old handle within its 30 days answers 301 to the new one.',
  )
  @HANDLE_PARAM
  @ApiOkResponse({ type: PublicMediaKitDto })
  @ApiMovedPermanentlyResponse({
    description: 'The creator changed handle: Location has the new one',
  })
  @Throws(MEDIA_KIT_ERROR_STATUSES, MediaKitNotFoundError)
  @UNAVAILABLE
  async getPublicMediaKit(
    @Param('handle') handle: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublicMediaKitDto | undefined> {
    const found = await this.getPublic.execute(handle);
    if (isMoved(found)) {
      response.redirect(301, `/api/v1/public/media-kits/${encodeURIComponent(found.movedTo)}`);
      return undefined;
    }
    if (!found.kit.allowIndexing) response.setHeader('X-Robots-Tag', 'noindex');
    return PublicMediaKitDto.of(found);
  }

  @Get(':handle/page')
  @Header('Cache-Control', 'no-cache')
  @operation(
    'A published media kit as an HTML page (served at /@handle)',
    'Server-rendered, readable without JavaScript; noindex unless the creator allowed indexing.',
  )
  @HANDLE_PARAM
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'The page',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiMovedPermanentlyResponse({ description: 'The creator changed handle: Location is /@new' })
  @ApiNotFoundResponse({
    description: 'No public page at this handle',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @UNAVAILABLE
  async getMediaKitPage(
    @Param('handle') handle: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.setHeader('Content-Security-Policy', MEDIA_KIT_PAGE_CSP);
    let found: PublicMediaKit | MovedMediaKit;
    try {
      found = await this.getPublic.execute(handle);
    } catch (error) {
      if (!(error instanceof MediaKitNotFoundError)) throw error;
      response
        .status(404)
        .type('html')
        .setHeader('X-Robots-Tag', 'noindex')
        .send(renderNotFoundPage());
      return;
    }
    if (isMoved(found)) {
      response.redirect(301, `/@${encodeURIComponent(found.movedTo)}`);
      return;
    }
    if (!found.kit.allowIndexing) response.setHeader('X-Robots-Tag', 'noindex');
    response.status(200).type('html').send(renderMediaKitPage(found, this.settings.publicUrl));
    // Counted after the page is sent: a count that fails costs the visitor nothing.
    const userAgent = request.headers['user-agent'] ?? '';
    await this.recordView
      .execute(found.kit.creatorId, { ip: request.ip ?? '', userAgent })
      .catch((error: unknown) => {
        this.logger.warn(
          `Page view not counted (${error instanceof Error ? error.name : 'error'})`,
        );
      });
  }
}
