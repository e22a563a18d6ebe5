import { Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { escapeHtml } from '../../common/domain/escape-html.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { operation } from '../../deals/index.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import {
  type UnsubscribeOutcome,
  UnsubscribeLinks,
} from '../application/notifications.use-case.js';

/** The path mail clients POST to (RFC 8058), form-encoded: bootstrap/json-bodies-only.ts lets it in. */
export const UNSUBSCRIBE_PATH = '/api/v1/notifications/unsubscribe';

const PAGES: Readonly<Record<UnsubscribeOutcome, { status: number; title: string; text: string }>> =
  {
    unsubscribed: {
      status: HttpStatus.OK,
      title: 'Reminders by e-mail are off',
      text: 'You will not get Paylock reminders by e-mail any more. Notices about your money (funded, released, disputes) still come. You can turn reminders back on in your notification settings.',
    },
    invalid: {
      status: HttpStatus.BAD_REQUEST,
      title: 'This link does not work',
      text: 'The link is not complete or was changed. Nothing was changed. Open the link from the e-mail again, or change your notification settings after signing in.',
    },
    expired: {
      status: HttpStatus.GONE,
      title: 'This link has expired',
      text: 'Nothing was changed. Use the link in a newer reminder, or change your notification settings after signing in.',
    },
    used: {
      status: HttpStatus.GONE,
      title: 'This link was already used',
      text: 'Nothing more was changed. Your notification settings show what you get.',
    },
  };

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Paylock</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const TOKEN_QUERY = ApiQuery({ name: 'token', required: true, description: 'The link token' });

/** One-click unsubscribe from reminder e-mails (#39, RFC 8058): no sign-in. */
@ApiTags('notifications')
@Controller('notifications/unsubscribe')
@PublicOperation()
export class UnsubscribeController {
  constructor(private readonly links: UnsubscribeLinks) {}

  @Get()
  @NoStore()
  @ApiProduces('text/html')
  @operation('The unsubscribe page of a reminder e-mail: one button (changes nothing by itself)')
  @TOKEN_QUERY
  @ApiOkResponse({ content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'A tampered link: a page saying so' })
  @ApiResponse({ status: 410, description: 'An expired or used link: a page saying so' })
  async showUnsubscribePage(
    @Query('token') token: unknown,
    @Res() response: Response,
  ): Promise<void> {
    const check = typeof token === 'string' ? await this.links.check(token) : 'invalid';
    if (check !== 'valid') {
      this.answer(response, check);
      return;
    }
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token as string)}`;
    response
      .status(HttpStatus.OK)
      .type('html')
      .send(
        page(
          'Stop reminders by e-mail?',
          `<p>Paylock will still send notices about your money (funded, released, disputes).</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop reminders by e-mail</button></form>`,
        ),
      );
  }

  @Post()
  @NoStore()
  @ApiProduces('text/html')
  @operation(
    'One-click unsubscribe (RFC 8058)',
    'Mail clients POST `List-Unsubscribe=One-Click` (form-encoded) here; the token in the query is single use.',
  )
  @TOKEN_QUERY
  @ApiOkResponse({ content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'A tampered link: nothing changed' })
  @ApiResponse({ status: 410, description: 'An expired or used link: nothing changed' })
  async unsubscribe(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    this.answer(
      response,
      typeof token === 'string' ? await this.links.unsubscribe(token) : 'invalid',
    );
  }

  private answer(response: Response, outcome: UnsubscribeOutcome): void {
    const { status, title, text } = PAGES[outcome];
    response
      .status(status)
      .type('html')
      .send(page(title, `<p>${escapeHtml(text)}</p>`));
  }
}
