/**
 * What the local stand-ins share to serve HTTP on loopback: they are plain `node:http` servers
 * (no framework), so reading a body within a size cap and escaping text for their pages is here,
 * once.
 */
import type { IncomingMessage } from 'node:http';

/** The request's body as UTF-8 text, or undefined when it is larger than `maxBytes`. */
export async function readBody(
  request: IncomingMessage,
  maxBytes: number,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Text made safe inside HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
