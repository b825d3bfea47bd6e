// Access of cities to the MDS 2.0 Provider API (ADR 0085): the city clients an
// administrator creates for the fleet, the secret shown once, and the log of their pulls.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** The base of the MDS Provider API, outside the API prefix (city bearer tokens only). */
export const MDS_BASE_PATH = '/mds/v2';
/** The media type and version every MDS call asks for and every answer carries. */
export const MDS_MEDIA_TYPE = 'application/vnd.mds+json';
export const MDS_VERSION = '2.0';
export const MDS_CONTENT_TYPE = `${MDS_MEDIA_TYPE};version=${MDS_VERSION}`;
/** how long a city's access token lives */
export const MDS_TOKEN_TTL_SECONDS = 3600;

/** The audit events of city access; data: `{ clientId, name }`. */
export const MDS_CLIENT_CREATED = 'MDS_CLIENT_CREATED';
export const MDS_CLIENT_REVOKED = 'MDS_CLIENT_REVOKED';

/** a client id: letters, digits, dot, hyphen, underscore */
export const MDS_CLIENT_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$';

export const CityClientSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    /** what the city sends as client_id to the token endpoint */
    clientId: Type.String(),
    createdAt: DateTime(),
    /** the administrator who created it (null for the demo's) */
    createdBy: Nullable(Type.String()),
    /** null: never expires */
    expiresAt: Nullable(DateTime()),
    revokedAt: Nullable(DateTime()),
    lastUsedAt: Nullable(DateTime()),
    /** ACTIVE, EXPIRED or REVOKED at the time of the answer */
    state: Type.Union([Type.Literal('ACTIVE'), Type.Literal('EXPIRED'), Type.Literal('REVOKED')]),
  },
  strict,
);
export type CityClient = Static<typeof CityClientSchema>;

/** GET fleet/city-clients: the fleet's clients, newest first, and the MDS addresses. */
export const CityClientsSchema = Type.Object(
  {
    clients: Type.Array(CityClientSchema),
    /** the MDS base address cities configure, e.g. https://vfm.example/mds/v2 */
    baseUrl: Type.String(),
    /** the token endpoint (OAuth 2.0 client credentials) */
    tokenUrl: Type.String(),
    /** the fleet's MDS provider_id */
    providerId: Type.String({ format: 'uuid' }),
  },
  strict,
);
export type CityClients = Static<typeof CityClientsSchema>;

/** POST fleet/city-clients */
export const CityClientCreateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '^[^\\u0000-\\u001F\\u007F]*$' }),
    /** a readable client id; generated when absent */
    clientId: Type.Optional(Type.String({ pattern: MDS_CLIENT_ID_PATTERN })),
    /** when its tokens stop being issued and accepted; absent: never */
    expiresAt: Type.Optional(DateTime()),
  },
  strict,
);
export type CityClientCreate = Static<typeof CityClientCreateSchema>;

/** The answer of a creation: the client and its secret, shown this once. */
export const CityClientCreatedSchema = Type.Object(
  { client: CityClientSchema, clientSecret: Type.String() },
  strict,
);
export type CityClientCreated = Static<typeof CityClientCreatedSchema>;

export const MdsAccessEntrySchema = Type.Object(
  {
    at: DateTime(),
    clientId: Type.String(),
    clientName: Type.String(),
    /** the path and query asked for */
    path: Type.String(),
    status: Type.Integer(),
    /** the records answered (null for errors and the token endpoint) */
    rows: Nullable(Type.Integer({ minimum: 0 })),
  },
  strict,
);
export type MdsAccessEntry = Static<typeof MdsAccessEntrySchema>;

export const MdsAccessLogQuerySchema = Type.Object(
  {
    /** at most this many entries, newest first */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    /** only this client (its id) */
    client: Type.Optional(Type.String({ format: 'uuid' })),
  },
  strict,
);

export const MdsAccessLogSchema = Type.Object(
  { entries: Type.Array(MdsAccessEntrySchema) },
  strict,
);
export type MdsAccessLog = Static<typeof MdsAccessLogSchema>;
