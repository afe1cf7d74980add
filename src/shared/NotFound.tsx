import { Link } from '@tanstack/react-router';
import { notFoundMessage } from '../../contract/shared/messages';

export function NotFound() {
  return (
    <section className="oops" aria-labelledby="oops-title">
      <h1 id="oops-title">{notFoundMessage}</h1>
      <Link to="/home" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}
