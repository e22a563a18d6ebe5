import {
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  UseFilters,
} from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { badRequest, operation, OwnRead, TOO_LARGE, UNAVAILABLE } from '../../deals/index.js';
import {
  AcceptPackageRequest,
  DeclinePackageRequest,
  GetRequestFunnel,
  ListPackageRequests,
} from '../application/package-requests.use-case.js';
import {
  InvalidRequestsCursorError,
  PackageRequestAnsweredError,
  PackageRequestNotFoundError,
} from '../domain/package-request.errors.js';
import {
  DeclinePackageRequestDto,
  PackageRequestDto,
  PackageRequestPageDto,
  PackageRequestsQueryDto,
  RequestFunnelDto,
} from './dto/package-request.dto.js';
import { PACKAGE_REQUEST_ERROR_STATUSES } from './package-request.error-statuses.js';

const REQUEST_ID_PARAM = ApiParam({
  name: 'requestId',
  schema: { type: 'string', maxLength: 64 },
  description:
    "The request's id. Another creator's request answers 404, like one that does not exist.",
});

/** The creator's package requests (#42): listed, accepted into a deal draft, or declined. */
@ApiTags('media-kit')
@Controller('media-kit/requests')
@Roles('creator')
@UseFilters(new DomainErrorFilter(PACKAGE_REQUEST_ERROR_STATUSES))
export class PackageRequestsController {
  constructor(
    private readonly list: ListPackageRequests,
    private readonly accept: AcceptPackageRequest,
    private readonly decline: DeclinePackageRequest,
    private readonly funnel: GetRequestFunnel,
  ) {}

  @OwnRead(
    undefined,
    {
      summary: 'Your package requests',
      description: 'Newest first, 20 a page; `cursor` reads the page after.',
      type: PackageRequestPageDto,
    },
    Throws(PACKAGE_REQUEST_ERROR_STATUSES, InvalidRequestsCursorError),
  )
  async listPackageRequests(
    @AuthorizedUserOf() user: AuthorizedUser,
    @Query() query: PackageRequestsQueryDto,
  ): Promise<PackageRequestPageDto> {
    return PackageRequestPageDto.of(await this.list.execute(user.user.id, query.cursor ?? null));
  }

  @OwnRead('funnel', {
    summary: 'Your requests funnel',
    description:
      'Requests received → deals sent → accepted → funded, counted from the requests and the deals their acceptance started.',
    type: RequestFunnelDto,
  })
  async getPackageRequestFunnel(
    @AuthorizedUserOf() user: AuthorizedUser,
  ): Promise<RequestFunnelDto> {
    return RequestFunnelDto.of(await this.funnel.execute(user.user.id));
  }

  @Post(':requestId/accept')
  @HttpCode(HttpStatus.OK)
  @operation(
    'Accept a package request',
    'Starts a deal draft prefilled from the package (deliverables, price, milestone split) for the requesting brand; edit and send it as any deal. Answered once: a second answer is 409.',
  )
  @REQUEST_ID_PARAM
  @ApiOkResponse({ type: PackageRequestDto })
  @Throws(PACKAGE_REQUEST_ERROR_STATUSES, PackageRequestNotFoundError, PackageRequestAnsweredError)
  @UNAVAILABLE
  async acceptPackageRequest(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Param('requestId') requestId: string,
  ): Promise<PackageRequestDto> {
    const creator = { id: user.id, name: user.displayName, email: user.email };
    return PackageRequestDto.of(await this.accept.execute(creator, requestId));
  }

  @Post(':requestId/decline')
  @HttpCode(HttpStatus.OK)
  @operation(
    'Decline a package request',
    'With an optional reason, e-mailed to the brand. Answered once: a second answer is 409.',
  )
  @REQUEST_ID_PARAM
  @ApiOkResponse({ type: PackageRequestDto })
  @badRequest({ reason: 'reason must be shorter than or equal to 500 characters' })
  @Throws(PACKAGE_REQUEST_ERROR_STATUSES, PackageRequestNotFoundError, PackageRequestAnsweredError)
  @TOO_LARGE
  @UNAVAILABLE
  async declinePackageRequest(
    @AuthorizedUserOf() user: AuthorizedUser,
    @Param('requestId') requestId: string,
    @Body() body: DeclinePackageRequestDto,
  ): Promise<PackageRequestDto> {
    return PackageRequestDto.of(await this.decline.execute(user.user.id, requestId, body.reason));
  }
}
