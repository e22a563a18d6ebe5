import { randomUUID } from 'node:crypto';
import { IncomingMessage, type Server, ServerResponse, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ErrorCode, ErrorMessage } from '../common/presentation/error-code.js';
import { REQUEST_ID_HEADER } from '../logging/request-id.middleware.js';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** The headers a middleware such as helmet sets on every response, read off a blank one. */
export function headersSetBy(middleware: Middleware): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  middleware(request, response, () => undefined);
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/** What Node's HTTP parser reports, and the answer Node itself would give. */
function statusFor(error: NodeJS.ErrnoException): { statusCode: number; code: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { statusCode: 431, code: ErrorCode.HEADERS_TOO_LARGE };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { statusCode: 413, code: ErrorCode.PAYLOAD_TOO_LARGE };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { statusCode: 408, code: ErrorCode.REQUEST_TIMEOUT };
    default:
      return { statusCode: 400, code: ErrorCode.BAD_REQUEST };
  }
}

/** Whether an answer to an earlier request on this connection has already started. */
function answerStarted(socket: Duplex): boolean {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  return inFlight?.headersSent ?? false;
}

/**
 * A request Node's HTTP parser refuses (an unknown method such as TRACK, a malformed request line
 * or header, headers over the size limit) never reaches Express; Node would answer it with a bare
 * status line. This answers it like every other error: the uniform body with a request id, and
 * the same security headers, then closes the connection.
 */
export function answerUnparsableRequests(
  server: Server,
  securityHeaders: Readonly<Record<string, string>>,
): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || answerStarted(socket)) {
      socket.destroy();
      return;
    }
    const { statusCode, code } = statusFor(error);
    const requestId = randomUUID();
    const body = JSON.stringify({
      statusCode,
      code,
      message: ErrorMessage.UNREADABLE_REQUEST,
      requestId,
    });
    const headers = {
      ...securityHeaders,
      Connection: 'close',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      [REQUEST_ID_HEADER]: requestId,
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${head.join('')}\r\n${body}`,
      () => {
        socket.destroy();
      },
    );
  });
}
