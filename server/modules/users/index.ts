// Users: sign-up, sign-in and sessions, codes, passwords, the session JWT signer, admin of users.
export { createBotCheck, type BotVerifier } from './botCheck';
export { createSessionJwt, jwtSecretOf, signingKey, verifyHs256, type SessionClaims, type SessionJwt } from './jwt';
export { hashPassword, verifyPassword } from './passwords';
export { findUserById, groupIdsOf, insertCheckedSession, searchUserRecords, toUser, userIdsByEmail, type UserRecord } from './queries';
export { userByReentry } from './reentry';
export { findSessionUser } from './sessionQueries';
export { issueSession, type SessionUser } from './service';
export { reserveLoginTry, settleLogin } from './throttle';
