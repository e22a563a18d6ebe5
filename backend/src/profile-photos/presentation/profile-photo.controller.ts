import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Put,
  Res,
  UseFilters,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { AccessTokenClaimsOf, Roles } from '../../auth/index.js';
import type { AccessTokenClaims } from '../../auth/auth.contract.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { errorStatuses, Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import {
  AccountPhotoUrls,
  RemoveProfilePhoto,
  ServeProfilePhoto,
  UploadProfilePhoto,
} from '../application/profile-photos.use-case.js';
import {
  MAX_PHOTO_BYTES,
  PHOTO_TYPES,
  PhotoNotAcceptedError,
  PhotoNotFoundError,
  PhotoTooLargeError,
  PhotoTypeNotAllowedError,
} from '../domain/profile-photo.js';

const PHOTO_ERROR_STATUSES = errorStatuses([
  [PhotoTooLargeError, HttpStatus.PAYLOAD_TOO_LARGE],
  [PhotoTypeNotAllowedError, HttpStatus.UNSUPPORTED_MEDIA_TYPE],
  [PhotoNotAcceptedError, HttpStatus.UNPROCESSABLE_ENTITY],
  [PhotoNotFoundError, HttpStatus.NOT_FOUND],
]);
/** A photo's address names its version: it never changes, so it may be cached for good. */
const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';

export class AccountPhotoDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where the account’s photo is served (absolute); null when it has none',
  })
  photoUrl!: string | null;
}

/** Settings → Profile: the account's own photo (creators and brands, #41). */
@ApiTags('Account')
@Controller('account/photo')
@Roles('creator', 'brand')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(PHOTO_ERROR_STATUSES))
export class AccountPhotoController {
  constructor(
    private readonly upload: UploadProfilePhoto,
    private readonly removal: RemoveProfilePhoto,
    private readonly urls: AccountPhotoUrls,
  ) {}

  @Get()
  @NoStore()
  @ApiOperation({ summary: 'Where the account’s photo is served, if it has one' })
  @ApiOkResponse({ type: AccountPhotoDto })
  async getAccountPhoto(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<AccountPhotoDto> {
    return Object.assign(new AccountPhotoDto(), { photoUrl: await this.urls.urlOf(claims.userId) });
  }

  @Put()
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Set the account’s photo (the image itself as the body)',
    description:
      `PNG, JPEG or WebP, at most ${String(MAX_PHOTO_BYTES)} bytes, checked by its bytes (not ` +
      'its Content-Type): SVG, other formats, data after the image or markup inside it (a ' +
      'polyglot) are refused. The image is decoded and encoded anew (at most 512 px, no ' +
      'metadata) before it is stored and served.',
  })
  @ApiConsumes(...PHOTO_TYPES)
  @ApiBody({ schema: { type: 'string', format: 'binary', maxLength: MAX_PHOTO_BYTES } })
  @ApiOkResponse({ type: AccountPhotoDto })
  @Throws(PHOTO_ERROR_STATUSES, PhotoTooLargeError, PhotoTypeNotAllowedError, PhotoNotAcceptedError)
  async setAccountPhoto(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
    @Body() body: unknown,
  ): Promise<AccountPhotoDto> {
    const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
    await this.upload.execute(claims.userId, bytes);
    return Object.assign(new AccountPhotoDto(), { photoUrl: await this.urls.urlOf(claims.userId) });
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({ summary: 'Remove the account’s photo' })
  @ApiNoContentResponse({ description: 'Removed (or there was none)' })
  async removeAccountPhoto(@AccessTokenClaimsOf() claims: AccessTokenClaims): Promise<void> {
    await this.removal.execute(claims.userId);
  }
}

/** The photos themselves: public by their unguessable versioned address (img tags send no token). */
@ApiTags('Account')
@Controller('profile-photos')
@PublicOperation()
@UseFilters(new DomainErrorFilter(PHOTO_ERROR_STATUSES))
export class ProfilePhotoController {
  constructor(private readonly serve: ServeProfilePhoto) {}

  @Get(':accountId/:version')
  @Header('X-Content-Type-Options', 'nosniff')
  @ApiOperation({ summary: 'A profile photo (re-encoded), cached for good' })
  // The image types on the 200 only: the error answers stay JSON.
  @ApiOkResponse({
    description: 'The photo, re-encoded',
    content: Object.fromEntries(
      PHOTO_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  })
  @Throws(PHOTO_ERROR_STATUSES, PhotoNotFoundError)
  async profilePhoto(
    @Param('accountId') accountId: string,
    @Param('version') version: string,
    @Res() response: Response,
  ): Promise<void> {
    const photo = await this.serve.execute(accountId, version);
    response.setHeader('Content-Type', photo.contentType);
    response.setHeader('Cache-Control', CACHE_FOR_GOOD);
    response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    response.setHeader('Content-Disposition', 'inline');
    response.setHeader('ETag', `"${photo.version}"`);
    response.setHeader('Content-Length', String(photo.bytes.length));
    response.end(Buffer.from(photo.bytes));
  }
}
