/** The join form's per-client budget of "already registered" answers (configuration). */
export class JoinLimits {
  constructor(readonly alreadyRegisteredPerHour: number) {}
}
