var e=/^[=+\-@\t\r]/;function t(t){let n=t==null?``:String(t),r=typeof t!=`number`&&e.test(n)&&!/^-\d/.test(n)?`'${n}`:n;return/[",\r\n]/.test(r)?`"${r.replace(/"/g,`""`)}"`:r}var n=e=>e.map(e=>e.map(t).join(`,`)).join(`\r
`)+`\r
`;function r(e,t){let r=URL.createObjectURL(new Blob([`﻿`,n(t)],{type:`text/csv;charset=utf-8`})),i=document.createElement(`a`);i.href=r,i.download=e,document.body.append(i),i.click(),i.remove(),setTimeout(()=>URL.revokeObjectURL(r),0)}export{r as t};
//# sourceMappingURL=csv-CC3pZvjY.js.map