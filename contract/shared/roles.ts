// Roles of spec section 6: plain values with no zod, so the SPA's first page can use them without
// carrying a schema library.

export const roles = ['account', 'sales', 'admin', 'super'] as const;
export type Role = (typeof roles)[number];
export const staffRoles: readonly Role[] = ['sales', 'admin', 'super'];
export const isStaff = (userRoles: readonly string[]) => userRoles.some((r) => (staffRoles as readonly string[]).includes(r));
