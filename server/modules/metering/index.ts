// Service JWTs for the data-quality services (GET /tokens/servicejwt) and the usage alerts of the
// plans' and users' metering settings.
export { serviceTokensFor } from './serviceJwt';
