import { Container } from './container';

/** The coloured band at the top of a content page, with the page's one h1. */
export function PageHero({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <section className="bg-brand-800 py-14 text-center text-white sm:py-16">
      <Container>
        <h1 className="text-4xl font-bold">{title}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">{subtitle}</p>
      </Container>
    </section>
  );
}
