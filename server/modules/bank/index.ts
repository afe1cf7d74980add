// Bank account validation (the service bank), over JSON and SOAP.
