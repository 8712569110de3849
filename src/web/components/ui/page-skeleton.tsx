import { Container } from './container';

/** Holds a page's place while its code or data loads; announced as a status, so its label is allowed. */
export function PageSkeleton() {
  return (
    <Container className="space-y-4 py-10" role="status" aria-busy="true" aria-label="Loading">
      <div className="skeleton h-8 w-1/3" />
      <div className="skeleton h-4 w-2/3" />
      <div className="skeleton h-48 w-full" />
    </Container>
  );
}
