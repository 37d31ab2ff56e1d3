/**
 * Authentication and authorization of the sandbox platform.
 *
 * Live (spec, Authentication; observed): `Authorization: Bearer <token>`, JWT-shaped tokens
 * with claims `sub` (service account key), `role`, `scopes` and `exp` (unix s). The real
 * platform signs RS256; the sandbox signs HS256 with a random secret per sandbox, so a token
 * of one sandbox is refused by another. VOD: `?access_token=` with an opaque token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../state/http-error';

/** Role of a service account user (spec: super administrator, administrator). */
export type Role = 'super_admin' | 'admin';

/** Claims of a live token; `exp` and `iat` in unix seconds. */
export interface TokenClaims {
  sub: string;
  role: Role;
  scopes: string[];
  exp: number;
  /** A unique token id: two tokens issued in the same second still differ. */
  jti?: string;
  iat: number;
}

/** Who is calling, once the token is verified. */
export interface Principal {
  serviceAccountKey: string;
  role: Role;
  scopes: readonly string[];
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(['super_admin', 'admin']),
  scopes: z.array(z.string()),
  exp: z.number().int(),
  iat: z.number().int(),
});

const jwtHeader = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Mints and verifies the live tokens of one sandbox. */
export class TokenAuthority {
  readonly #secret: Buffer;
  /** Signatures of revoked tokens (a console user deleted the personal access token). */
  readonly #revoked: Set<string>;
  /** The same signatures as a list the sandbox's state keeps (persisted with `--state`). */
  readonly #revokedList: string[];

  /**
   * @param secret the HS256 signing key.
   * @param revoked signatures of tokens revoked earlier; revoking appends to this same list.
   */
  constructor(secret: Buffer = randomBytes(32), revoked: string[] = []) {
    this.#secret = secret;
    this.#revokedList = revoked;
    this.#revoked = new Set(revoked);
  }

  /** A signed token carrying `claims`. */
  mint(claims: TokenClaims): string {
    const body = `${jwtHeader}.${base64url(JSON.stringify(claims))}`;
    return `${body}.${this.#sign(body)}`;
  }

  /**
   * Verifies shape, signature and expiry at `nowMs` (virtual time, ms).
   * @returns the claims, or the reason for refusing the token (fit for a 401 message).
   */
  verify(token: string, nowMs: number): { claims: TokenClaims } | { refused: string } {
    const parts = token.split('.');
    const [header, payload, signature] = parts;
    if (parts.length !== 3 || header === undefined || payload === undefined || !signature) {
      return {
        refused: 'the access token is malformed (expected a JWT: header.payload.signature)',
      };
    }
    const expected = Buffer.from(this.#sign(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { refused: 'the access token is not valid (its signature does not match)' };
    }
    if (this.#revoked.has(signature)) return { refused: 'the access token has been revoked' };
    const parsed = claimsSchema.safeParse(parseJson(Buffer.from(payload, 'base64url').toString()));
    if (!parsed.success) return { refused: 'the access token is malformed (bad claims)' };
    if (parsed.data.exp * 1000 <= nowMs) {
      const at = new Date(parsed.data.exp * 1000).toISOString();
      return { refused: `the access token expired at ${at}` };
    }
    return { claims: parsed.data };
  }

  /** Revokes a token minted here: from now on it is refused with 401. */
  revoke(token: string): void {
    const signature = token.split('.')[2];
    if (!signature || this.#revoked.has(signature)) return;
    this.#revoked.add(signature);
    this.#revokedList.push(signature);
  }

  #sign(body: string): string {
    return createHmac('sha256', this.#secret).update(body).digest('base64url');
  }
}

/**
 * Authenticates a live call.
 * @param authorization the `Authorization` header.
 * @param pathAccount the `service_account_key` of the path.
 * @throws ApiError 401 with `WWW-Authenticate: Bearer` for a missing, malformed, badly signed
 *   or expired token, and for a token of another service account than the path's (our
 *   choice: 401, not 404, so other accounts' existence is not revealed).
 */
export function authenticateLive(
  authority: TokenAuthority,
  authorization: string | undefined,
  pathAccount: string | undefined,
  nowMs: number,
): Principal {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (token === undefined) {
    throw new ApiError(
      401,
      "Unauthenticated: send the service account's personal access token as 'Authorization: Bearer <token>'.",
      undefined,
      { 'WWW-Authenticate': 'Bearer realm="live"' },
    );
  }
  const verdict = authority.verify(token, nowMs);
  if ('refused' in verdict) throw invalidToken(verdict.refused);
  if (pathAccount !== undefined && verdict.claims.sub !== pathAccount) {
    throw invalidToken(`the access token does not belong to the service account "${pathAccount}"`);
  }
  const { sub, role, scopes } = verdict.claims;
  return { serviceAccountKey: sub, role, scopes };
}

/**
 * Checks the operation's scope and role restriction (spec, Authentication, items 4 and 5).
 * @param scopes scopes the operation requires (all of them).
 * @param roles roles allowed (`x-roles`); empty means no role restriction.
 * @throws ApiError 403 naming what is missing.
 */
export function authorize(
  principal: Principal,
  scopes: readonly string[],
  roles: readonly string[],
): void {
  const missing = scopes.filter((scope) => !principal.scopes.includes(scope));
  if (missing.length > 0) {
    throw new ApiError(
      403,
      `Forbidden: this action needs the scope ${missing.join(', ')}, which the access token does not have.`,
      undefined,
      {
        'WWW-Authenticate': `Bearer realm="live", error="insufficient_scope", scope="${missing.join(' ')}"`,
      },
    );
  }
  if (roles.length > 0 && !roles.includes(principal.role)) {
    throw new ApiError(
      403,
      `Forbidden: this action is for ${roles.map((role) => `${roleName(role)}s`).join(' and ')} only; the access token's role is ${roleName(principal.role)}.`,
    );
  }
}

/**
 * Authenticates a VOD call by its `access_token` query parameter.
 * @throws ApiError 401 when it is missing or not the sandbox's token.
 */
export function authenticateVod(expected: string, given: unknown): void {
  if (typeof given !== 'string' || given === '') {
    throw new ApiError(
      401,
      'Unauthenticated: send the API access token as the query parameter access_token.',
    );
  }
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError(
      401,
      'Unauthenticated: the access_token is not valid (it may have been reissued).',
    );
  }
}

/** A random opaque token: 40 lowercase hex characters. */
export function randomOpaqueToken(): string {
  return randomBytes(20).toString('hex');
}

function invalidToken(reason: string): ApiError {
  return new ApiError(401, `Unauthenticated: ${reason}.`, undefined, {
    'WWW-Authenticate': `Bearer realm="live", error="invalid_token", error_description="${reason.replaceAll('"', "'")}"`,
  });
}

function roleName(role: string): string {
  return role === 'super_admin' ? 'super administrator' : role === 'admin' ? 'administrator' : role;
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
