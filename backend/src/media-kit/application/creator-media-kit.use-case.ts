import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { parseHandle, redirectUntilAfterChange } from '../domain/handle.js';
import {
  EMPTY_KIT_CONTENT,
  type KitContentInput,
  type MediaKit,
  parseKitContent,
} from '../domain/media-kit.js';
import { HandleRequiredError, HandleTakenError } from '../domain/media-kit.errors.js';
import { MediaKitStore } from './ports/media-kit.store.js';

function emptyKit(creatorId: string, now: Date): MediaKit {
  return { ...EMPTY_KIT_CONTENT, creatorId, published: false, updatedAt: now };
}

/** The creator's own kit; an empty, unpublished one before the first edit. */
@Injectable()
export class GetOwnMediaKit {
  constructor(
    private readonly store: MediaKitStore,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string): Promise<MediaKit> {
    return (await this.store.findByCreator(creatorId)) ?? emptyKit(creatorId, this.clock.now());
  }
}

/** Saves the kit's content (bio, links, platforms, rate card, indexing and track-record consent). */
@Injectable()
export class EditMediaKit {
  constructor(
    private readonly store: MediaKitStore,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string, input: KitContentInput): Promise<MediaKit> {
    const now = this.clock.now();
    const kit = (await this.store.findByCreator(creatorId)) ?? emptyKit(creatorId, now);
    const content = parseKitContent(input, now, kit, () => this.store.nextPackageId());
    const next: MediaKit = { ...kit, ...content, updatedAt: now };
    await this.store.save(next);
    return next;
  }
}

/**
 * Chooses or changes the public handle: the new skeleton is claimed first (claim-once), then the
 * old one is released to redirect for 30 days, then the kit points at the new one.
 */
@Injectable()
export class ChangeHandle {
  constructor(
    private readonly store: MediaKitStore,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string, raw: unknown): Promise<MediaKit> {
    const handle = parseHandle(raw);
    const now = this.clock.now();
    const kit = (await this.store.findByCreator(creatorId)) ?? emptyKit(creatorId, now);
    const claim = { skeleton: handle.skeleton, handle: handle.value, creatorId };
    if ((await this.store.claimHandle(claim, now)) === 'taken') throw new HandleTakenError();
    const old = kit.handle;
    if (old && old.skeleton !== handle.skeleton) {
      await this.store.releaseHandle(old.skeleton, creatorId, redirectUntilAfterChange(now));
    }
    const next: MediaKit = { ...kit, handle, updatedAt: now };
    await this.store.save(next);
    return next;
  }
}

/** Publishes the page at /@handle, or takes it down (it then answers 404 like any unknown one). */
@Injectable()
export class PublishMediaKit {
  constructor(
    private readonly store: MediaKitStore,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string, published: boolean): Promise<MediaKit> {
    const now = this.clock.now();
    const kit = (await this.store.findByCreator(creatorId)) ?? emptyKit(creatorId, now);
    if (published && !kit.handle) throw new HandleRequiredError();
    const next: MediaKit = { ...kit, published, updatedAt: now };
    await this.store.save(next);
    return next;
  }
}
