import{t as e}from"./guest-gUdviiTw.js";var t=e;export{t as component};
//# sourceMappingURL=_open-8SOsrHne.js.map