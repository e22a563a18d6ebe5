import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule, SessionIssuer } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { InvitesModule } from '../invites/index.js';
import { RateLimitStorageModule } from '../rate-limit/index.js';
import { SmsModule } from '../sms/index.js';
import { UsersModule } from '../users/index.js';
import { GetBrandProfile, UpdateBrandProfile } from './application/brand-profile.use-case.js';
import { BrandSessions } from './application/ports/brand-sessions.js';
import {
  BrandSignUpAllowance,
  BrandSignUpPolicy,
} from './application/ports/brand-sign-up-allowance.js';
import { CodeHasher } from './application/ports/code-hasher.js';
import { CodeSendLimits } from './application/ports/code-send-limits.js';
import { OneTimeCodes } from './application/ports/one-time-codes.js';
import { ConfirmPhoneCode } from './application/confirm-phone-code.use-case.js';
import { ReauthenticateBrand } from './application/reauthenticate-brand.use-case.js';
import { BrandReauthenticationController } from './presentation/brand-reauthentication.controller.js';
import { RequestPhoneCode } from './application/request-phone-code.use-case.js';
import { VerifyPhoneCode } from './application/verify-phone-code.use-case.js';
import { SignInChallenges } from './application/ports/sign-in-challenges.js';
import {
  AltchaSignInChallenges,
  ChallengeSecret,
} from './infrastructure/altcha-sign-in-challenges.js';
import { HmacCodeHasher } from './infrastructure/hmac-code-hasher.js';
import { InviteBrandSignUpAllowance } from './infrastructure/invite-brand-sign-up-allowance.js';
import {
  MongoOneTimeCodes,
  PhoneCodeClaimRecord,
  PhoneCodeClaimSchema,
  PhoneCodeRecord,
  PhoneCodeSchema,
} from './infrastructure/mongo-one-time-codes.js';
import { SharedCodeSendLimits } from './infrastructure/shared-code-send-limits.js';
import { BrandProfileController } from './presentation/brand-profile.controller.js';
import { PhoneAuthController } from './presentation/phone-auth.controller.js';

/**
 * Brand accounts (issue #25): sign-up and sign-in with an Indian mobile number and a one-time
 * code, and the brand's company profile. Sessions are auth's; accounts are the users module's.
 * `BrandDealInvitations` (brands.contract.ts) comes from the module given to `forRoot` (the deals
 * module, in the app's wiring), so brands never imports deals.
 */
@Module({
  imports: [
    AuthModule,
    UsersModule,
    InvitesModule,
    SmsModule,
    RateLimitStorageModule,
    MongooseModule.forFeature([
      { name: PhoneCodeRecord.name, schema: PhoneCodeSchema },
      { name: PhoneCodeClaimRecord.name, schema: PhoneCodeClaimSchema },
    ]),
  ],
  controllers: [PhoneAuthController, BrandProfileController, BrandReauthenticationController],
  providers: [
    { provide: OneTimeCodes, useClass: MongoOneTimeCodes },
    fromConfig(CodeHasher, ({ otp }) => new HmacCodeHasher(otp.secrets)),
    { provide: CodeSendLimits, useClass: SharedCodeSendLimits },
    fromConfig(ChallengeSecret, ({ otp }) => new ChallengeSecret(otp.secrets[0] ?? '')),
    { provide: SignInChallenges, useClass: AltchaSignInChallenges },
    // auth's SessionIssuer serves the port as it is (`satisfies`: checked here).
    { provide: BrandSessions, useExisting: SessionIssuer satisfies Type<BrandSessions> },
    { provide: BrandSignUpAllowance, useClass: InviteBrandSignUpAllowance },
    fromConfig(BrandSignUpPolicy, ({ invites }) => new BrandSignUpPolicy(invites.signupMode)),
    RequestPhoneCode,
    ConfirmPhoneCode,
    VerifyPhoneCode,
    GetBrandProfile,
    UpdateBrandProfile,
    ReauthenticateBrand,
  ],
  // The codes also prove a number for a package request on a media kit (#42).
  exports: [RequestPhoneCode, ConfirmPhoneCode],
})
export class BrandsModule {
  /** Brands, with the module that exports `BrandDealInvitations` (the app passes DealsModule). */
  static forRoot(dealInvitations: Type | DynamicModule): DynamicModule {
    return { module: BrandsModule, imports: [dealInvitations] };
  }
}
