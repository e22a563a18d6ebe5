import { Controller, Get, StreamableFile, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { PdfDownloadResponse, pdfDownload } from '../../common/presentation/pdf-download.js';
import { operation, UNAVAILABLE } from '../../deals/index.js';
import { GetMediaKitPdf } from '../application/media-kit-pdf.use-case.js';
import { MEDIA_KIT_ERROR_STATUSES } from './media-kit.error-statuses.js';

/** The creator's kit as a PDF (#42, /creator/media-kit/share). */
@ApiTags('media-kit')
@Controller('media-kit')
@Roles('creator')
@UseFilters(new DomainErrorFilter(MEDIA_KIT_ERROR_STATUSES))
export class MediaKitPdfController {
  constructor(private readonly kitPdf: GetMediaKitPdf) {}

  @Get('kit.pdf')
  @NoStore()
  @operation(
    'Your media kit as a PDF',
    'Bio, platforms with their self-reported figures and dates, the published packages with prices in ₹, and the track record when you chose to show it.',
  )
  @PdfDownloadResponse('The media kit as a PDF', 'paylock-media-kit-<handle>.pdf')
  @UNAVAILABLE
  async downloadMediaKitPdf(@AuthorizedUserOf() user: AuthorizedUser): Promise<StreamableFile> {
    const { pdf, filename } = await this.kitPdf.execute(user.user.id);
    return pdfDownload(pdf, filename);
  }
}
