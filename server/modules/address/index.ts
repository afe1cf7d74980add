// Address lookup and autocomplete (the services address and autocomplete): routes, and whether a
// territory's address index is loaded (the bureau cleanses against it).
export { readyIndex } from './service';
