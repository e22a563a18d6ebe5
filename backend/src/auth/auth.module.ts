import { Module, type OnModuleInit, type Type } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { PrunersModule } from '../retention/index.js';
import { Pruners } from '../retention/retention.contract.js';
import { sessionPruners } from './infrastructure/persistence/mongo/mongo-session-pruners.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG, fromConfig, InjectAppConfig } from '../config/config.module.js';
import { InviteRedemptions, InvitesModule } from '../invites/index.js';
import { UsersModule } from '../users/index.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { MailModule } from '../mail/index.js';
import { RateLimitStorageModule } from '../rate-limit/index.js';
import {
  ConfirmContactEmailChange,
  GetContactEmail,
  RequestContactEmailChange,
} from './application/contact-email.use-case.js';
import { AccountLinks } from './application/ports/account-links.js';
import { KnownDevices } from './application/ports/known-devices.js';
import { NewBrowserNotice } from './application/new-browser-notice.js';
import { SignInNotices } from './application/ports/sign-in-notices.js';
import {
  KnownDeviceRecord,
  KnownDeviceSchema,
  MongoKnownDevices,
} from './infrastructure/persistence/mongo/mongo-known-devices.js';
import { EndAccountSessions } from './application/end-account-sessions.use-case.js';
import { AccountSessionRecords } from './application/ports/account-session-records.js';
import { MongoAccountSessionRecords } from './infrastructure/persistence/mongo/mongo-account-session-records.js';
import { ContactEmailController } from './presentation/contact-email.controller.js';
import {
  ListAccountSessions,
  RevokeAccountSession,
  SignOutOtherSessions,
} from './application/account-sessions.use-case.js';
import { AuthenticateAccessToken } from './application/authenticate-access-token.use-case.js';
import { AuthorizeRoles } from './application/authorize-roles.use-case.js';
import { ChangeDisplayName } from './application/change-display-name.use-case.js';
import { GetCurrentUser } from './application/get-current-user.use-case.js';
import { AccessTokens } from './application/ports/access-tokens.js';
import { GoogleIdentityVerifier } from './application/ports/google-identity.verifier.js';
import { SessionLifetimes } from './application/ports/session-lifetimes.js';
import { SessionStore } from './application/ports/session.store.js';
import { SignedInCaller } from './application/signed-in-caller.use-case.js';
import { SignUpInvites, SignUpPolicy } from './application/ports/sign-up-invites.js';
import { RefreshSession } from './application/refresh-session.use-case.js';
import { SessionIssuer } from './application/session-issuer.js';
import { SignInWithGoogle } from './application/sign-in-with-google.use-case.js';
import { SignOut } from './application/sign-out.use-case.js';
import { SignUpWithGoogle } from './application/sign-up-with-google.use-case.js';
import { MongoSessionStore } from './infrastructure/persistence/mongo/mongo-session.store.js';
import {
  RefreshTokenRecord,
  RefreshTokenSchema,
  RotationRecord,
  RotationSchema,
  SessionRecord,
  SessionSchema,
} from './infrastructure/persistence/mongo/session.schemas.js';
import { JoseGoogleIdentityVerifier } from './infrastructure/tokens/jose-google-identity.verifier.js';
import {
  accessTokenJwtOptions,
  JwtAccessTokens,
} from './infrastructure/tokens/jwt-access-tokens.js';
import { AuthCookies } from './presentation/auth-cookies.js';
import { AuthController } from './presentation/auth.controller.js';
import { GoogleSignInController } from './presentation/google-sign-in.controller.js';
import { SessionsController } from './presentation/sessions.controller.js';
import { BearerAuthGuard } from './presentation/bearer-auth.guard.js';
import { CsrfGuard } from './presentation/csrf.guard.js';
import { GoogleStrategy } from './presentation/google.strategy.js';
import { RolesGuard } from './presentation/roles.guard.js';
import { CookieOAuthStateStore } from './presentation/oauth-state.store.js';
import {
  AuthTimeVerifier,
  RecentAuthentications,
} from './application/ports/recent-authentications.js';
import {
  ReauthenticateWithGoogle,
  RecordRecentAuthentication,
  RequireRecentAuthentication,
} from './application/recent-authentication.use-case.js';
import {
  MongoRecentAuthentications,
  ReauthenticationClaimRecord,
  ReauthenticationClaimSchema,
  RecentAuthenticationRecord,
  RecentAuthenticationSchema,
  recentAuthenticationPruners,
} from './infrastructure/persistence/mongo/mongo-recent-authentications.js';
import { JoseAuthTimeVerifier } from './infrastructure/tokens/jose-auth-time.verifier.js';
import { StartGoogleReauthGuard } from './presentation/google-reauth.guard.js';
import { ReauthenticationController } from './presentation/reauthentication.controller.js';
import { ReauthenticationTickets } from './presentation/reauthentication-tickets.js';
import { RecentAuthenticationGuard } from './presentation/recent-authentication.guard.js';

const HOUR_MS = 3_600_000;

function sessionLifetimes({ auth }: AppConfig): SessionLifetimes {
  return new SessionLifetimes(
    auth.sessionIdleTimeoutHours * HOUR_MS,
    auth.sessionAbsoluteLifetimeHours * HOUR_MS,
    auth.refreshReuseGraceSeconds * 1000,
  );
}

/** Google sign-up and sign-in, sessions with rotating refresh tokens, access tokens. */
@Module({
  imports: [
    UsersModule,
    InvitesModule,
    PrunersModule,
    LinkTokensModule,
    MailModule,
    RateLimitStorageModule,
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: accessTokenJwtOptions }),
    MongooseModule.forFeature([
      { name: SessionRecord.name, schema: SessionSchema },
      { name: RefreshTokenRecord.name, schema: RefreshTokenSchema },
      { name: RotationRecord.name, schema: RotationSchema },
      { name: KnownDeviceRecord.name, schema: KnownDeviceSchema },
      { name: RecentAuthenticationRecord.name, schema: RecentAuthenticationSchema },
      { name: ReauthenticationClaimRecord.name, schema: ReauthenticationClaimSchema },
    ]),
  ],
  controllers: [
    AuthController,
    GoogleSignInController,
    SessionsController,
    ContactEmailController,
    ReauthenticationController,
  ],
  providers: [
    { provide: SessionStore, useClass: MongoSessionStore },
    { provide: AccessTokens, useClass: JwtAccessTokens },
    fromConfig(SessionLifetimes, sessionLifetimes),
    fromConfig(
      JoseGoogleIdentityVerifier,
      ({ auth }) =>
        new JoseGoogleIdentityVerifier({
          issuer: auth.oidc.issuer,
          jwksUrl: auth.oidc.jwksUrl,
          clientId: auth.googleClientId,
        }),
    ),
    { provide: GoogleIdentityVerifier, useExisting: JoseGoogleIdentityVerifier },
    // Re-authentication before changes that move money or identity (#41).
    { provide: AuthTimeVerifier, useClass: JoseAuthTimeVerifier },
    { provide: RecentAuthentications, useClass: MongoRecentAuthentications },
    RequireRecentAuthentication,
    RecordRecentAuthentication,
    ReauthenticateWithGoogle,
    ReauthenticationTickets,
    StartGoogleReauthGuard,
    RecentAuthenticationGuard,
    // The invites module's redemptions serve the port as they are (`satisfies`: checked here).
    { provide: SignUpInvites, useExisting: InviteRedemptions satisfies Type<SignUpInvites> },
    fromConfig(SignUpPolicy, ({ invites }) => new SignUpPolicy(invites.signupMode)),
    SessionIssuer,
    SignUpWithGoogle,
    SignInWithGoogle,
    RefreshSession,
    SignOut,
    ListAccountSessions,
    RevokeAccountSession,
    SignOutOtherSessions,
    EndAccountSessions,
    { provide: AccountSessionRecords, useClass: MongoAccountSessionRecords },
    AuthenticateAccessToken,
    GetCurrentUser,
    ChangeDisplayName,
    fromConfig(AccountLinks, ({ auth }) => new AccountLinks(auth.publicUrl)),
    { provide: KnownDevices, useClass: MongoKnownDevices },
    { provide: SignInNotices, useClass: NewBrowserNotice },
    GetContactEmail,
    RequestContactEmailChange,
    ConfirmContactEmailChange,
    AuthCookies,
    CookieOAuthStateStore,
    GoogleStrategy,
    CsrfGuard,
    BearerAuthGuard,
    AuthorizeRoles,
    RolesGuard,
    SignedInCaller,
  ],
  exports: [
    // The account's data export lists its sessions (#41).
    ListAccountSessions,
    // The account's erasure ends every session (#41).
    EndAccountSessions,
    // Who is signed in on a link call (the deals refuse a creator acting as its own brand).
    SignedInCaller,
    AuthenticateAccessToken,
    BearerAuthGuard,
    AuthorizeRoles,
    RolesGuard,
    // The brands module's mobile sign-in starts the same sessions and sets the same cookie.
    SessionIssuer,
    AuthCookies,
    // Guarded changes elsewhere (payouts, brands) and the brands' SMS re-authentication.
    RequireRecentAuthentication,
    RecentAuthenticationGuard,
    RecordRecentAuthentication,
  ],
})
export class AuthModule implements OnModuleInit {
  constructor(
    private readonly pruners: Pruners,
    @InjectConnection() private readonly connection: Connection,
    @InjectAppConfig() private readonly config: AppConfig,
  ) {}

  /** Ended sessions and their tokens are removed after their period (the retention job). */
  onModuleInit(): void {
    for (const pruner of sessionPruners(
      this.connection,
      this.config.auth.sessionAbsoluteLifetimeHours,
    )) {
      this.pruners.register(pruner);
    }
    for (const pruner of recentAuthenticationPruners(this.connection)) {
      this.pruners.register(pruner);
    }
  }
}
