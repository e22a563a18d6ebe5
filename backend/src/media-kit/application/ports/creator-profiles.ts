/** The creator as the public page names them (adapter: the users module); none once erased. */
export interface CreatorProfile {
  readonly displayName: string;
  readonly photoUrl: string | null;
}

export abstract class CreatorProfiles {
  abstract find(creatorId: string): Promise<CreatorProfile | undefined>;
}
