import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { guides, guideTopics } from './guides';
import { Highlight } from './Rich';
import { loadGuideTexts, searchGuides, type GuideHit } from './search';
import './helpCentre.css';


type Texts = { texts: ReadonlyMap<string, string> | null; failed: boolean };

/** The guides' body text, fetched the first time the user searches (the guides load on demand). */
function useGuideTexts(wanted: boolean): Texts {
  const [state, setState] = useState<Texts>({ texts: null, failed: false });
  useEffect(() => {
    if (!wanted || state.texts) return;
    let live = true;
    loadGuideTexts().then(
      (texts) => live && setState({ texts, failed: false }),
      () => live && setState({ texts: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state.texts]);
  return state;
}

function GuideCard({ hit, terms }: { hit: GuideHit; terms: readonly string[] }) {
  const { guide, snippet } = hit;
  return (
    <li className="guide-card">
      <h3>
        <Link to="/helpcentre/$guide" params={{ guide: guide.name }}>
          <Highlight text={guide.title} terms={terms} />
        </Link>
      </h3>
      <p>
        <Highlight text={guide.summary} terms={terms} />
      </p>
      {snippet && (
        <p className="guide-card__snippet">
          <Highlight text={snippet} terms={terms} />
        </p>
      )}
    </li>
  );
}

/** /helpcentre: every guide by topic, and a search over their titles and text. */
export default function HelpCentre() {
  const search = useSearch({ from: '/_signedIn/_validated/helpcentre/' });
  const navigate = useNavigate();
  // The box's text is the view's; the URL keeps the query so a search can be shared or reloaded.
  const [query, setQuery] = useState(search.q ?? '');
  const searching = query.trim() !== '';
  const { texts, failed } = useGuideTexts(searching);
  const hits = searchGuides(query, texts);
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const loading = searching && !texts && !failed;

  const update = (q: string) => {
    setQuery(q);
    void navigate({ to: '/helpcentre', search: q.trim() ? { q } : {}, replace: true });
  };

  let status: string;
  if (!searching) status = `${guides.length} guides`;
  else if (loading && hits.length === 0) status = 'Searching the guides…';
  else status = `${hits.length} ${hits.length === 1 ? 'guide matches' : 'guides match'} “${query.trim()}”`;

  return (
    <div className="helpcentre">
      <header className="helpcentre__header">
        <h1>Help Centre</h1>
        <p>Guides to every part of the portal: the services, buying clicks, reports, accounts and the API.</p>
        <form role="search" className="helpcentre__search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="helpcentre-search">Search the guides</label>
          <input
            id="helpcentre-search"
            type="search"
            value={query}
            placeholder="For example: basket, token, BSB, dedupe"
            autoComplete="off"
            onChange={(e) => update(e.target.value)}
          />
        </form>
        <p className="helpcentre__status muted" role="status">
          {status}
        </p>
        {failed && <p className="muted">The guides’ text could not be loaded, so only titles and summaries are searched.</p>}
      </header>

      {!searching &&
        guideTopics.map((topic) => (
          <section key={topic} className="helpcentre__topic" aria-labelledby={`topic-${topic.replace(/\W+/g, '-')}`}>
            <h2 id={`topic-${topic.replace(/\W+/g, '-')}`}>{topic}</h2>
            <ul className="guide-cards">
              {hits
                .filter((h) => h.guide.topic === topic)
                .map((hit) => (
                  <GuideCard key={hit.guide.name} hit={hit} terms={[]} />
                ))}
            </ul>
          </section>
        ))}

      {searching && hits.length > 0 && (
        <section aria-labelledby="search-results-title">
          {/* The results' heading keeps the outline in order (h1, h2, then each guide's h3). */}
          <h2 id="search-results-title" className="sr-only">
            Search results
          </h2>
          <ul className="guide-cards" aria-label="Search results">
            {hits.map((hit) => (
              <GuideCard key={hit.guide.name} hit={hit} terms={terms} />
            ))}
          </ul>
        </section>
      )}

      {searching && hits.length === 0 && !loading && (
        <div className="helpcentre__empty">
          <h2>No guides match “{query.trim()}”</h2>
          <p>Try fewer or other words, for example “basket”, “token”, “sort code” or “invoice”.</p>
          <button type="button" className="button" onClick={() => update('')}>
            Clear search
          </button>
        </div>
      )}
    </div>
  );
}
