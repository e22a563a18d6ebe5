import Bowser from 'bowser';
import type { Request } from 'express';
import type { SessionDevice } from '../domain/session.js';

/** Longer User-Agent strings are cut: the header is the client's to fill, the record is ours. */
const MAX_USER_AGENT_LENGTH = 512;

/** The browser a request comes from, as its User-Agent names it. */
export function deviceOf(request: Request): SessionDevice {
  const userAgent = request.get('User-Agent')?.trim().slice(0, MAX_USER_AGENT_LENGTH);
  return { userAgent: userAgent || null };
}

/** A session's browser and operating system in words ("Chrome 131", "Android 14"), or null. */
export interface DeviceDescription {
  readonly browser: string | null;
  readonly os: string | null;
  readonly platform: 'desktop' | 'mobile' | 'tablet' | 'tv' | null;
}

const PLATFORMS = new Set(['desktop', 'mobile', 'tablet', 'tv']);

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, platform: null };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  return {
    browser: named(parsed.browser.name, majorVersion(parsed.browser.version)),
    os: named(parsed.os.name, parsed.os.versionName ?? majorVersion(parsed.os.version)),
    platform:
      platform && PLATFORMS.has(platform) ? (platform as DeviceDescription['platform']) : null,
  };
}

function named(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

function majorVersion(version: string | undefined): string | undefined {
  return version?.split('.')[0] || undefined;
}
