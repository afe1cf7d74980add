// A software WebAuthn authenticator for server tests: it answers the options the server gives the
// way a browser with a platform authenticator would (@simplewebauthn/browser's JSON), with an ES256
// key pair of node:crypto, 'none' attestation and resident credentials (usable without a user name).
// What a test needs to break is an argument: the origin the client data names, the RP ID the
// authenticator data is hashed for, the signature counter, the user-verified flag.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type SoftCredential = { id: string; rpId: string; userHandle: string; privateKey: KeyObject; counter: number };

/** How an answer is made; by default for the options' RP ID, from `origin`, user verified, counter + 1. */
export type Ceremony = { origin: string; rpId?: string; counter?: number; userVerified?: boolean };

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The public key as a COSE_Key: EC2 (1), ES256 (-7), P-256 (1), x and y. */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]));
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export function softAuthenticator() {
  const credentials: SoftCredential[] = [];

  /** Makes a credential for the registration options (navigator.credentials.create); the RegistrationResponseJSON. */
  function register(options: Record<string, unknown>, ceremony: Ceremony) {
    const { challenge, rp, user } = options as unknown as CreationOptions;
    const rpId = ceremony.rpId ?? rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = randomBytes(16);
    const counter = ceremony.counter ?? 0;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | (ceremony.userVerified === false ? 0 : UV) | AT]),
      counterBytes(counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      coseKeyOf(publicKey),
    ]);
    const noStatement = new Map<string, string>();
    const attestationObject = isoCBOR.encode(new Map<string, Uint8Array | string | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', noStatement],
      ['authData', authData],
    ]));
    const id = b64url(credentialId);
    credentials.push({ id, rpId, userHandle: user.id, privateKey, counter });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', challenge, ceremony.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * Signs the sign-in options (navigator.credentials.get) with the credential `credentialId`, or the
   * first one allowed (any, for usernameless options); the AuthenticationResponseJSON.
   */
  function authenticate(options: Record<string, unknown>, ceremony: Ceremony & { credentialId?: string }) {
    const { challenge, rpId: optionsRpId, allowCredentials = [] } = options as unknown as RequestOptions;
    const allowed = (c: SoftCredential) => allowCredentials.length === 0 || allowCredentials.some((a) => a.id === c.id);
    const credential = credentials.find((c) => (ceremony.credentialId ? c.id === ceremony.credentialId : allowed(c)));
    if (!credential) throw new Error('The soft authenticator holds no credential for these options');
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const rpId = ceremony.rpId ?? optionsRpId!;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | (ceremony.userVerified === false ? 0 : UV)]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = clientData('webauthn.get', challenge, ceremony.origin);
    // ES256 signatures in WebAuthn are DER-encoded, node's default for EC keys.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  return { credentials, register, authenticate };
}
