/** The SOAP credential the e2e portal is started with (BANK_SOAP_CREDENTIAL, e2e/global-setup.ts). */
export const e2eBankSoapKey = process.env.BANK_SOAP_CREDENTIAL ?? 'e2e-bank-soap-key';
