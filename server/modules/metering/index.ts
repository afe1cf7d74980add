// Service JWTs for the data-quality services and the plans' and users' metering settings.
export { meteringPlansPlugin, meteringUsersPlugin } from './plugin';
export { serviceTokensFor } from './serviceJwt';
export { meterTestPlugin } from './testRoute';
