// Bank account validation (the service bank), over JSON and SOAP.
export { bankJsonPlugin, bankSoapPlugin } from './plugin';
