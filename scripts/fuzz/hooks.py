"""Schemathesis hooks for the Paylock API fuzz suite (loaded through SCHEMATHESIS_HOOKS).

Sessions are real: each comes from signing in the way a browser does, through the
local OpenID Connect provider that stands in for Google (scripts/fuzz.ts starts it and the API):
GET /auth/google -> the provider's authorize endpoint (which signs in at once) -> the callback,
which sets the refresh cookie; POST /auth/refresh-token then answers an access token.

- getCurrentUser shares one session for the whole run.
- logout ends the session its access token belongs to, so each call gets a session of its own.
- refreshToken rotates the refresh cookie, and a rotated cookie presented again ends the session
  (reuse detection), so each call gets a fresh cookie too.
- register and login take a Google ID token in the body. A third of the schema-valid bodies get a
  real one from the provider (PAYLOCK_FUZZ_CREDENTIALS, written by scripts/fuzz.ts): a new
  person's for register, the signed-up account's for login; the rest keep their generated text,
  which the API must refuse with 401. Without these, no success answer would ever be checked.
- confirmWaitlistPlace takes a link's token: a third of the schema-valid bodies get a real one
  (of people scripts/fuzz.ts joined; the first use confirms, later ones answer alreadyConfirmed),
  the rest keep their generated token, which the API must answer 404 (or 400).
- resendConfirmationEmail: a third of the schema-valid bodies get a real person's e-mail and
  phone; the answer (202) must be the same either way.
- lookUpInvite: a third of the schema-valid bodies get a real invite code (of people
  scripts/fuzz.ts invited), answered 200 with the masked address; the rest must answer 404.
- The creator's deals (/deals…) are called with a session of the demo creator (the account
  scripts/fuzz.ts signed up and sent deals from).
- The brand's review (/deal-review/…): a third of the bodies whose token has the token's shape get
  a real review link's token (of the deals scripts/fuzz.ts sent): the first answer closes that
  deal, later ones answer 409 DEAL_LINK_CLOSED; the rest keep their generated token (404).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import threading
import zlib
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import requests
import schemathesis
import yaml


def _tolerate_cpython_ast_bug() -> None:
    """Keep a CPython 3.11 bug in a test tool from reading as an API failure.

    CPython before 3.11.8 can raise SystemError("AST constructor recursion depth mismatch") when
    ast.parse runs deep in a call stack (gh-106905). Hypothesis parses source files there only to
    *name* a lambda in a description; the draw itself does not depend on it. So a description that
    hits the bug reads "<unknown>", as Hypothesis does for any source it cannot read.
    """
    from hypothesis.internal import lambda_sources

    describe = lambda_sources._lambda_description

    def described(f, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return describe(f, *args, **kwargs)
        except SystemError:
            return "lambda: <unknown>"

    lambda_sources._lambda_description = described


_tolerate_cpython_ast_bug()

API_URL = os.environ["PAYLOCK_FUZZ_API_URL"].rstrip("/")
AUTH_URL = f"{API_URL}/api/v1/auth"
REFRESH_COOKIE = "paylock_refresh"
CSRF_HEADERS = {"X-Requested-With": "paylock"}
TIMEOUT_SECONDS = 10

CREDENTIAL_MAX_LENGTH = 8192
_credentials = json.loads(
    Path(os.environ["PAYLOCK_FUZZ_CREDENTIALS"]).read_text(encoding="utf-8")
)
_new_accounts = iter(_credentials["newAccounts"])
_new_accounts_lock = threading.Lock()


def _through_provider(intent: str) -> requests.Response:
    """One browser round trip: the API's redirect, the provider's, and the API's callback."""
    browser = requests.Session()  # keeps the sign-in state cookie for the callback
    once = {"allow_redirects": False, "timeout": TIMEOUT_SECONDS}
    start = browser.get(f"{AUTH_URL}/google", params={"intent": intent}, **once)
    start.raise_for_status()
    at_provider = requests.get(start.headers["location"], **once)
    callback = urlsplit(at_provider.headers["location"])
    return browser.get(f"{API_URL}{callback.path}?{callback.query}", **once)


def _refresh_cookie() -> str:
    # The provider signs in as its demo identity, whose account scripts/fuzz.ts signed up.
    callback = _through_provider("login")
    token = callback.cookies.get(REFRESH_COOKIE)
    if not token:
        where = callback.headers.get("location")
        raise RuntimeError(f"Signing in through the provider failed: redirected to {where}")
    return token


def _access_token() -> str:
    """A new session's access token, as the app gets it after the callback."""
    response = requests.post(
        f"{AUTH_URL}/refresh-token",
        headers=CSRF_HEADERS,
        cookies={REFRESH_COOKIE: _refresh_cookie()},
        timeout=TIMEOUT_SECONDS,
    )
    response.raise_for_status()
    return response.json()["accessToken"]


def _with_bearer(case: schemathesis.Case, token: str) -> None:
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


def _with_cookie(case: schemathesis.Case, name: str, value: str) -> None:
    case.cookies = {**(case.cookies or {}), name: value}


@schemathesis.auth().apply_to(operation_id="getCurrentUser")
class SharedSession:
    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return _access_token()

    def set(self, case: schemathesis.Case, token: str, context: schemathesis.AuthContext) -> None:
        _with_bearer(case, token)


@schemathesis.auth(refresh_interval=None).apply_to(operation_id="logout")
class SessionPerSignOut:
    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return _access_token()

    def set(self, case: schemathesis.Case, token: str, context: schemathesis.AuthContext) -> None:
        _with_bearer(case, token)


@schemathesis.auth(refresh_interval=None).apply_to(operation_id="refreshToken")
class RefreshCookiePerRenewal:
    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return _refresh_cookie()

    def set(self, case: schemathesis.Case, token: str, context: schemathesis.AuthContext) -> None:
        _with_cookie(case, REFRESH_COOKIE, token)


def _is_valid_credential_body(body: Any) -> bool:
    if not isinstance(body, dict) or set(body) != {"credential"}:
        return False
    credential = body["credential"]
    return isinstance(credential, str) and 1 <= len(credential) <= CREDENTIAL_MAX_LENGTH


def _gets_real_credential(body: Any) -> bool:
    """A third of the valid bodies, chosen by their content so that a seed replays the same run."""
    if not _is_valid_credential_body(body):
        return False
    return zlib.crc32(body["credential"].encode("utf-8", "surrogatepass")) % 3 == 0


@schemathesis.hook("map_body").apply_to(operation_id="register")
def sign_up_new_people(context: schemathesis.HookContext, body: Any) -> Any:
    if not _gets_real_credential(body):
        return body
    with _new_accounts_lock:
        # Once every new person has signed up, the answer is 400 ALREADY_REGISTERED.
        credential = next(_new_accounts, _credentials["existingAccount"])
    return {"credential": credential}


_waitlist = _credentials["waitlist"]
_waitlist_tokens = itertools.cycle(_waitlist["tokens"])
_waitlist_people = itertools.cycle(_waitlist["people"])
_waitlist_lock = threading.Lock()
_invite_codes = itertools.cycle(_credentials["inviteCodes"])
_invite_lock = threading.Lock()


_schemas = yaml.safe_load(
    (Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8")
)["components"]["schemas"]


def _patterns(schema: dict[str, Any]) -> list[str]:
    own = [schema["pattern"]] if "pattern" in schema else []
    return own + [pattern for part in schema.get("allOf", []) for pattern in _patterns(part)]


def _valid(body: Any, dto: str) -> bool:
    """Whether the body is valid by the contract: only those get real values (an invalid one is
    the fuzzer checking that invalid data is refused, and must stay as generated)."""
    properties = _schemas[dto]["properties"]
    if not isinstance(body, dict) or set(body) != set(properties):
        return False
    return all(
        isinstance(body[name], str)
        and all(re.search(pattern, body[name]) for pattern in _patterns(schema))
        and schema.get("minLength", 0) <= len(body[name]) <= schema.get("maxLength", len(body[name]))
        for name, schema in properties.items()
    )


def _picked(body: Any, dto: str) -> bool:
    """A third of the contract-valid bodies, chosen by their content."""
    if not _valid(body, dto):
        return False
    seed = "|".join(body[name] for name in sorted(body))
    return zlib.crc32(seed.encode("utf-8", "surrogatepass")) % 3 == 0


@schemathesis.hook("map_body").apply_to(operation_id="confirmWaitlistPlace")
def confirm_real_places(context: schemathesis.HookContext, body: Any) -> Any:
    if not _picked(body, "ConfirmWaitlistPlaceRequestDto"):
        return body
    with _waitlist_lock:
        return {"token": next(_waitlist_tokens)}


@schemathesis.hook("map_body").apply_to(operation_id="lookUpInvite")
def look_up_real_invites(context: schemathesis.HookContext, body: Any) -> Any:
    """A third of the valid lookups ask about a real invite (scripts/fuzz.ts sent a few): 200."""
    if not _picked(body, "InviteLookupRequestDto"):
        return body
    with _invite_lock:
        return {"code": next(_invite_codes)}


@schemathesis.hook("map_body").apply_to(operation_id="resendConfirmationEmail")
def resend_to_real_people(context: schemathesis.HookContext, body: Any) -> Any:
    if not _picked(body, "ResendConfirmationRequestDto"):
        return body
    with _waitlist_lock:
        return dict(next(_waitlist_people))


# The personal page (#13). Its operations get a real entry session: the cookie that POST
# /extra/waitlist/me/session sets for a personal-page link read from the outbox (every e-mail
# carries one). The erasure gets sessions of its own, so the other operations keep an entry.
ENTRY_COOKIE = "paylock_entry_session"
_personal_tokens = list(_waitlist["personalTokens"])
_session_tokens = iter(_personal_tokens[:6])
_erasure_tokens = iter(_personal_tokens[6:12])
_opened_tokens = itertools.cycle(_personal_tokens[12:] or [""])


def _entry_session(tokens: Iterator[str]) -> str:
    with _waitlist_lock:
        token = next(tokens, None)
    if token is None:
        return "A" * 43  # no link left: a well-formed cookie no session has (401)
    response = requests.post(
        f"{API_URL}/api/v1/extra/waitlist/me/session",
        json={"token": token},
        timeout=TIMEOUT_SECONDS,
    )
    response.raise_for_status()
    return response.cookies[ENTRY_COOKIE]


@schemathesis.auth().apply_to(
    operation_id=[
        "getPersonalPage",
        "downloadPersonalData",
        "correctPersonalEntry",
        "requestEmailChange",
    ]
)
class EntrySession:
    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return _entry_session(_session_tokens)

    def set(self, case: schemathesis.Case, token: str, context: schemathesis.AuthContext) -> None:
        _with_cookie(case, ENTRY_COOKIE, token)


@schemathesis.auth(refresh_interval=None).apply_to(operation_id="erasePersonalEntry")
class EntrySessionToErase:
    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return _entry_session(_erasure_tokens)

    def set(self, case: schemathesis.Case, token: str, context: schemathesis.AuthContext) -> None:
        _with_cookie(case, ENTRY_COOKIE, token)


@schemathesis.hook("map_body").apply_to(operation_id="openPersonalPage")
def open_real_pages(context: schemathesis.HookContext, body: Any) -> Any:
    if not _picked(body, "LinkTokenRequestDto"):
        return body
    with _waitlist_lock:
        return {"token": next(_opened_tokens)}


@schemathesis.hook("map_body").apply_to(operation_id="login")
def sign_in_the_existing_account(context: schemathesis.HookContext, body: Any) -> Any:
    return {"credential": _credentials["existingAccount"]} if _gets_real_credential(body) else body


# The admin operations (/api/v1/admin/...). scripts/fuzz.ts runs Schemathesis twice: with
# PAYLOCK_FUZZ_ROLE=admin every operation is fuzzed and these get an admin's session (an account
# listed in ADMIN_EMAILS); with PAYLOCK_FUZZ_ROLE=creator only these are, with a creator's session,
# and every answer must be 403 (the check below).
ADMIN_PATH_PREFIX = "/api/v1/admin/"
ROLE = os.environ.get("PAYLOCK_FUZZ_ROLE", "admin")
_issued_bearers: set[str] = set()


def _signed_in_with(credential: str) -> str:
    """A new session's access token from POST /auth/login with a Google ID token."""
    response = requests.post(
        f"{AUTH_URL}/login", json={"credential": credential}, timeout=TIMEOUT_SECONDS
    )
    response.raise_for_status()
    return response.json()["accessToken"]


@schemathesis.auth().apply_to(path_regex=f"^{ADMIN_PATH_PREFIX}")
class AdminOperationsSession:
    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        account = "adminAccount" if ROLE == "admin" else "existingAccount"
        token = _signed_in_with(_credentials[account])
        _issued_bearers.add(f"Bearer {token}")
        return token

    def set(self, case: schemathesis.Case, token: str, context: schemathesis.AuthContext) -> None:
        _with_bearer(case, token)


@schemathesis.auth().apply_to(path_regex=r"^/api/v1/deals")
class CreatorDealsSession:
    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return _signed_in_with(_credentials["existingAccount"])

    def set(self, case: schemathesis.Case, token: str, context: schemathesis.AuthContext) -> None:
        _with_bearer(case, token)


_deal_review_tokens = itertools.cycle(_credentials.get("dealReviewTokens") or [""])
_deal_review_lock = threading.Lock()
_LINK_TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")


@schemathesis.hook("map_body").apply_to(path_regex=r"^/api/v1/deal-review/")
def review_real_deals(context: schemathesis.HookContext, body: Any) -> Any:
    """A third of the bodies with a token-shaped token get a real review link's token."""
    if not isinstance(body, dict) or not isinstance(body.get("token"), str):
        return body
    if not _LINK_TOKEN.match(body["token"]):
        return body
    if zlib.crc32(body["token"].encode("utf-8")) % 3 != 0:
        return body
    with _deal_review_lock:
        return {**body, "token": next(_deal_review_tokens)}


# What the HTTP boundary answers before routing, for every operation that takes a body, whoever
# calls it (bootstrap/json-bodies-only.ts, the JSON parser): the operation never runs.
_BOUNDARY_CODES = {"MALFORMED_JSON", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"}


def _refused_before_routing(response: Any) -> bool:
    if response.status_code not in (400, 413, 415):
        return False
    try:
        return response.json().get("code") in _BOUNDARY_CODES
    except ValueError:
        return False


@schemathesis.check
def creators_are_refused_admin_operations(
    ctx: schemathesis.CheckContext, response: Any, case: schemathesis.Case
) -> None:
    """In the creator pass, an admin operation called with the creator's token answers 403."""
    if ROLE != "creator" or not case.path.startswith(ADMIN_PATH_PREFIX):
        return None
    sent = getattr(response, "request", None)
    method = str(getattr(sent, "method", case.method)).upper()
    headers = getattr(sent, "headers", None) or case.headers or {}
    documented = str(getattr(case.operation, "method", "GET")).upper()
    if method != documented:
        return None  # undocumented methods (TRACE, …) answer 405 before any authentication
    if headers.get("Authorization") not in _issued_bearers:
        return None  # sent without the creator's token (ignored_auth, a mutated header): 401
    if _refused_before_routing(response):
        return None  # an unreadable body is refused by the body parser, before any guard runs
    if response.status_code != 403:
        raise AssertionError(
            f"A creator's {case.method} {case.formatted_path} answered "
            f"{response.status_code}, not 403"
        )
    return None
