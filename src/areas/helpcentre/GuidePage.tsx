import type { MouseEvent } from 'react';
import { Link, useLoaderData } from '@tanstack/react-router';
import { findGuide } from './guides';
import { Rich } from './Rich';
import type { GuideBlock } from './types';
import './helpCentre.css';


const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function Block({ block }: { block: GuideBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <Rich text={block} />
      </p>
    );
  }
  if ('list' in block) {
    return (
      <ul className="guide__list">
        {block.list.map((item, i) => (
          <li key={i}>
            <Rich text={item} />
          </li>
        ))}
      </ul>
    );
  }
  if ('steps' in block) {
    return (
      <ol className="guide__steps">
        {block.steps.map((item, i) => (
          <li key={i}>
            <Rich text={item} />
          </li>
        ))}
      </ol>
    );
  }
  if ('table' in block) {
    return (
      <div className="guide__table-wrap" tabIndex={0} role="region" aria-label="Table, scrolls sideways">
        <table className="guide__table">
          <thead>
            <tr>
              {block.table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      <Rich text={cell} />
                    </th>
                  ) : (
                    <td key={j}>
                      <Rich text={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if ('note' in block) {
    return (
      <aside className={`guide__note guide__note--${block.tone ?? 'tip'}`}>
        <strong>{block.tone === 'warning' ? 'Watch out: ' : 'Tip: '}</strong>
        <Rich text={block.note} />
      </aside>
    );
  }
  if ('link' in block) {
    return (
      <p>
        <a href={block.link}>{block.text}</a>
      </p>
    );
  }
  if ('code' in block) {
    return (
      <figure className="guide__code">
        <figcaption>{block.label}</figcaption>
        <pre tabIndex={0}>
          <code>{block.code}</code>
        </pre>
      </figure>
    );
  }
  return (
    <figure className="guide__figure">
      {block.figure}
      <figcaption>{block.caption}</figcaption>
    </figure>
  );
}

/** Moves to a section of the guide without changing the route. */
function jump(e: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  e.preventDefault();
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/** /helpcentre/{guide}: one guide, loaded with its route. */
export default function GuidePage() {
  const guide = useLoaderData({ from: '/_signedIn/_validated/helpcentre/$guide' });
  const { content } = guide;
  const related = (content.related ?? []).map(findGuide).filter((g) => g !== undefined);
  return (
    <article className="guide" aria-labelledby="guide-title">
      <header className="guide__header">
        <p className="guide__topic">{guide.topic}</p>
        <h1 id="guide-title">{guide.title}</h1>
        <p className="guide__intro">
          <Rich text={content.intro} />
        </p>
      </header>
      {content.sections.length > 2 && (
        <nav className="guide__toc" aria-label="In this guide">
          <h2>In this guide</h2>
          <ol>
            {content.sections.map((s) => (
              <li key={s.heading}>
                <a href={`#${slug(s.heading)}`} onClick={(e) => jump(e, slug(s.heading))}>
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {content.sections.map((s) => (
        <section key={s.heading} className="guide__section" aria-labelledby={slug(s.heading)}>
          <h2 id={slug(s.heading)} tabIndex={-1}>
            {s.heading}
          </h2>
          {s.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </section>
      ))}
      <footer className="guide__footer">
        {related.length > 0 && (
          <nav aria-label="Related guides">
            <h2>Related guides</h2>
            <ul className="guide__related">
              {related.map((g) => (
                <li key={g.name}>
                  <Link to="/helpcentre/$guide" params={{ guide: g.name }}>
                    {g.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <Link to="/helpcentre" className="button">
          All guides
        </Link>
      </footer>
    </article>
  );
}
