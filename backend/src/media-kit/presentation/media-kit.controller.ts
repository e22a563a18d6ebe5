import { Body, Controller, Get, Put, UseFilters } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { badRequest, operation, TOO_LARGE, UNAVAILABLE } from '../../deals/index.js';
import {
  ChangeHandle,
  EditMediaKit,
  GetOwnMediaKit,
  PublishMediaKit,
} from '../application/creator-media-kit.use-case.js';
import { GetMediaKitAnalytics } from '../application/media-kit-analytics.use-case.js';
import { HandleRequiredError, HandleTakenError } from '../domain/media-kit.errors.js';
import { MEDIA_KIT_ERROR_STATUSES } from './media-kit.error-statuses.js';
import {
  HandleRequestDto,
  MediaKitRequestDto,
  PublicationRequestDto,
} from './dto/media-kit-request.dto.js';
import { MediaKitAnalyticsDto, MediaKitDto } from './dto/media-kit-response.dto.js';

const BAD_KIT = badRequest({
  'portfolioLinks[0]': 'Enter a full web address starting with https:// or http://',
});

/** The creator's media kit (#42): content, rate card, handle and publication. */
@ApiTags('media-kit')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('media-kit')
@Roles('creator')
@UseFilters(new DomainErrorFilter(MEDIA_KIT_ERROR_STATUSES))
export class MediaKitController {
  constructor(
    private readonly getOwn: GetOwnMediaKit,
    private readonly edit: EditMediaKit,
    private readonly changeHandle: ChangeHandle,
    private readonly publish: PublishMediaKit,
    private readonly analytics: GetMediaKitAnalytics,
  ) {}

  @Get('analytics')
  @NoStore()
  @operation(
    'Your public page’s views',
    'The last 30 days (India time), each with its views and unique visitors; visitors are told apart by a hash salted per day, no address is stored.',
  )
  @ApiOkResponse({ type: MediaKitAnalyticsDto })
  @UNAVAILABLE
  async getMediaKitAnalytics(
    @AuthorizedUserOf() user: AuthorizedUser,
  ): Promise<MediaKitAnalyticsDto> {
    return MediaKitAnalyticsDto.of(await this.analytics.execute(user.user.id));
  }

  @Get()
  @NoStore()
  @operation('Your media kit', 'An empty, unpublished kit before the first edit.')
  @ApiOkResponse({ type: MediaKitDto })
  @UNAVAILABLE
  async getMediaKit(@AuthorizedUserOf() user: AuthorizedUser): Promise<MediaKitDto> {
    return MediaKitDto.of(await this.getOwn.execute(user.user.id));
  }

  @Put()
  @operation(
    'Save your media kit',
    'Bio, niches, languages, city, portfolio links (http(s) only), platforms with self-reported audience figures, the rate card (prices in integer paise) and the consents.',
  )
  @ApiOkResponse({ type: MediaKitDto })
  @BAD_KIT
  @TOO_LARGE
  @UNAVAILABLE
  async editMediaKit(
    @AuthorizedUserOf() user: AuthorizedUser,
    @Body() body: MediaKitRequestDto,
  ): Promise<MediaKitDto> {
    return MediaKitDto.of(await this.edit.execute(user.user.id, body));
  }

  @Put('handle')
  @operation(
    'Choose or change your public handle',
    'Case-insensitive and look-alike-proof; the old handle redirects for 30 days, then is freed.',
  )
  @ApiOkResponse({ type: MediaKitDto })
  @badRequest({ handle: 'This handle is reserved. Please choose another.' })
  @Throws(MEDIA_KIT_ERROR_STATUSES, HandleTakenError)
  @UNAVAILABLE
  async changeMediaKitHandle(
    @AuthorizedUserOf() user: AuthorizedUser,
    @Body() body: HandleRequestDto,
  ): Promise<MediaKitDto> {
    return MediaKitDto.of(await this.changeHandle.execute(user.user.id, body.handle));
  }

  @Put('publication')
  @operation('Publish or unpublish your public page', 'An unpublished page answers 404.')
  @ApiOkResponse({ type: MediaKitDto })
  @badRequest({ published: 'published must be a boolean value' })
  @Throws(MEDIA_KIT_ERROR_STATUSES, HandleRequiredError)
  @UNAVAILABLE
  async publishMediaKit(
    @AuthorizedUserOf() user: AuthorizedUser,
    @Body() body: PublicationRequestDto,
  ): Promise<MediaKitDto> {
    return MediaKitDto.of(await this.publish.execute(user.user.id, body.published));
  }
}
