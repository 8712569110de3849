import { Award, Drumstick, Eye, Fish, HeartHandshake, Leaf, ShieldCheck, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../components/ui/container';
import { PageHero } from '../components/ui/page-hero';
import { buttonClasses } from '../components/ui/button';
import { SHOP_NAME, useDocumentMeta } from '../lib/document-title';

const VALUES = [
  {
    icon: ShieldCheck,
    title: 'Quality Assurance',
    text: 'Every fish and every bird is checked before it leaves us, and kept cold from harvest to your door.',
  },
  {
    icon: Leaf,
    title: 'Sustainability',
    text: 'Cage farming on Lake Victoria and responsible partner farms take pressure off wild stocks and the land.',
  },
  {
    icon: HeartHandshake,
    title: 'Customer Service',
    text: 'Real people answer your calls and messages, and we make it right when something is not.',
  },
];

const EDGE = [
  { title: 'Quality', text: 'Fresh, cleaned and hand-checked products from our own cages and trusted farms.' },
  { title: 'Affordability', text: 'Fair prices straight from the producer, with free delivery on larger orders.' },
  { title: 'Service', text: 'Easy ordering, M-Pesa or card payment and reliable delivery across Nairobi.' },
];

function Tile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="mb-3 inline-flex rounded-lg bg-brand-50 p-3 text-brand-700">{icon}</div>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-slate-600">{children}</p>
    </div>
  );
}

/** /about and /aboutus: the shop's about content. */
export default function About() {
  useDocumentMeta('About Us', `${SHOP_NAME}: premium fish from Lake Victoria and quality poultry, delivered across Nairobi.`);
  return (
    <>
      <PageHero title="About Us" subtitle="Ocean of Quality: fresh fish and chicken from people who raise them." />

      <section aria-labelledby="about-intro">
        <Container className="grid gap-10 py-14 lg:grid-cols-2">
          <div>
            <h2 id="about-intro" className="text-3xl font-bold text-slate-900">
              Who We Are
            </h2>
            <p className="mt-4 text-slate-700">
              {SHOP_NAME} farms tilapia in cages on the open waters of Lake Victoria and works with trusted poultry farms near Nairobi. From
              our shop in Nairobi West we bring fresh, cleaned fish and chicken to homes, restaurants and businesses across the city.
            </p>
            <p className="mt-4 text-slate-700">
              For more than ten years we have kept one promise: food we would serve our own families, at a fair price, delivered when we say
              it will be.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Tile icon={<Fish aria-hidden="true" className="h-6 w-6" />} title="Premium Fish">
              Tilapia, Nile perch, catfish and omena from Lake Victoria, harvested to order and kept on ice.
            </Tile>
            <Tile icon={<Drumstick aria-hidden="true" className="h-6 w-6" />} title="Quality Poultry">
              Broilers, kienyeji chicken and popular cuts from partner farms, dressed the day before delivery.
            </Tile>
          </div>
        </Container>
      </section>

      <section className="bg-brand-50 py-14" aria-label="Mission and vision">
        <Container className="grid gap-6 md:grid-cols-2">
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <Target aria-hidden="true" className="h-8 w-8 text-brand-700" />
            <h2 className="mt-3 text-2xl font-bold text-slate-900">Our Mission</h2>
            <p className="mt-3 text-slate-700">
              To provide high-quality, sustainable fish and chicken products to our customers, and to build lasting partnerships with the
              farmers and suppliers who make them possible.
            </p>
          </div>
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <Eye aria-hidden="true" className="h-8 w-8 text-brand-700" />
            <h2 className="mt-3 text-2xl font-bold text-slate-900">Our Vision</h2>
            <p className="mt-3 text-slate-700">
              To be the leading provider of premium aquaculture and poultry products in Kenya and the region.
            </p>
          </div>
        </Container>
      </section>

      <section aria-labelledby="about-values">
        <Container className="py-14">
          <h2 id="about-values" className="text-center text-3xl font-bold text-slate-900">
            Our Core Values
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <Tile key={title} icon={<Icon aria-hidden="true" className="h-6 w-6" />} title={title}>
                {text}
              </Tile>
            ))}
          </div>
        </Container>
      </section>

      <section className="bg-slate-50 py-14" aria-labelledby="about-edge">
        <Container>
          <h2 id="about-edge" className="text-center text-3xl font-bold text-slate-900">
            Our Competitive Edge
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {EDGE.map((e) => (
              <li key={e.title} className="flex gap-3">
                <Award aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">{e.title}</h3>
                  <p className="mt-1 text-slate-600">{e.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <Link to="/shop" className={buttonClasses('default', 'lg')}>
              Shop Now
            </Link>
          </div>
        </Container>
      </section>
    </>
  );
}
