import e from"./AppLayout-C_2ZxGrq.js";var t=e;export{t as component};
//# sourceMappingURL=_signedIn-CHiPWVME.js.map