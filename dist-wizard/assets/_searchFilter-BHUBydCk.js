import{t as e}from"./Search-CHgjPn8s.js";var t=e;export{t as component};
//# sourceMappingURL=_searchFilter-BHUBydCk.js.map