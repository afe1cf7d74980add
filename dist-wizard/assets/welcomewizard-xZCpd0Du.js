import{t as e}from"./Wizard-CUtJhMQr.js";var t=e;export{t as component};
//# sourceMappingURL=welcomewizard-xZCpd0Du.js.map