import { Link, useMatches } from '@tanstack/react-router';

/** A trail per route, from each route's `staticData.crumb` (spec section 2). */
export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches
    .filter((m) => m.staticData.crumb !== undefined && m.status === 'success')
    .map((m) => {
      const crumb = m.staticData.crumb!;
      return { id: m.id, pathname: m.pathname, label: typeof crumb === 'function' ? crumb(m.loaderData) : crumb };
    })
    // Index routes share their parent's path: show the trail once per page.
    .filter((c, i, all) => all.findIndex((o) => o.pathname.replace(/\/$/, '') === c.pathname.replace(/\/$/, '')) === i);
  if (crumbs.length === 0) return null;
  // Every trail starts at Home.
  if (crumbs[0].label !== 'Home') crumbs.unshift({ id: 'home', pathname: '/home', label: 'Home' });
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <li key={c.id} aria-current="page">
              {c.label}
            </li>
          ) : (
            <li key={c.id}>
              <Link to={c.pathname}>{c.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
