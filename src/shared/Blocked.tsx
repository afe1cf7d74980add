import { Link } from '@tanstack/react-router';

/** The "Oops!" screen of a page the current account, partner or role may not open (spec section 8). */
export function Blocked({ message }: { message: string }) {
  return (
    <section className="oops" aria-labelledby="oops-title">
      <h1 id="oops-title">Oops!</h1>
      <p>{message}</p>
      <Link to="/home" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}
