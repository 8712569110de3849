import { Award, Drumstick, Eye, Fish, HeartHandshake, Leaf, ShieldCheck, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../components/ui/link';
import { Container } from '../components/ui/container';
import { PageHero } from '../components/ui/page-hero';
import { buttonClasses } from '../components/ui/button-classes';
import { SHOP_NAME, useDocumentMeta } from '../lib/document-title';
import { useContentText } from '../i18n/content-text';

const VALUES = [
  { icon: ShieldCheck, title: 'valueQuality', text: 'valueQualityText' },
  { icon: Leaf, title: 'valueSustainability', text: 'valueSustainabilityText' },
  { icon: HeartHandshake, title: 'valueService', text: 'valueServiceText' },
] as const;

const EDGE = [
  { title: 'edgeQuality', text: 'edgeQualityText' },
  { title: 'edgeAffordability', text: 'edgeAffordabilityText' },
  { title: 'edgeService', text: 'edgeServiceText' },
] as const;

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
  const t = useContentText();
  useDocumentMeta(t('aboutTitle'), t('aboutDescription', { shop: SHOP_NAME }));
  return (
    <>
      <PageHero title={t('aboutTitle')} subtitle={t('aboutSubtitle')} />

      <section aria-labelledby="about-intro">
        <Container className="grid gap-10 py-14 lg:grid-cols-2">
          <div>
            <h2 id="about-intro" className="text-3xl font-bold text-slate-900">
              {t('whoWeAre')}
            </h2>
            <p className="mt-4 text-slate-700">{t('whoWeAreText1', { shop: SHOP_NAME })}</p>
            <p className="mt-4 text-slate-700">{t('whoWeAreText2')}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Tile icon={<Fish aria-hidden="true" className="h-6 w-6" />} title={t('premiumFish')}>
              {t('premiumFishText')}
            </Tile>
            <Tile icon={<Drumstick aria-hidden="true" className="h-6 w-6" />} title={t('qualityPoultry')}>
              {t('qualityPoultryText')}
            </Tile>
          </div>
        </Container>
      </section>

      <section className="bg-brand-50 py-14" aria-label={t('missionAndVision')}>
        <Container className="grid gap-6 md:grid-cols-2">
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <Target aria-hidden="true" className="h-8 w-8 text-brand-700" />
            <h2 className="mt-3 text-2xl font-bold text-slate-900">{t('ourMission')}</h2>
            <p className="mt-3 text-slate-700">{t('missionText')}</p>
          </div>
          <div className="rounded-xl bg-white p-8 shadow-sm">
            <Eye aria-hidden="true" className="h-8 w-8 text-brand-700" />
            <h2 className="mt-3 text-2xl font-bold text-slate-900">{t('ourVision')}</h2>
            <p className="mt-3 text-slate-700">{t('visionText')}</p>
          </div>
        </Container>
      </section>

      <section aria-labelledby="about-values">
        <Container className="py-14">
          <h2 id="about-values" className="text-center text-3xl font-bold text-slate-900">
            {t('coreValues')}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <Tile key={title} icon={<Icon aria-hidden="true" className="h-6 w-6" />} title={t(title)}>
                {t(text)}
              </Tile>
            ))}
          </div>
        </Container>
      </section>

      <section className="bg-slate-50 py-14" aria-labelledby="about-edge">
        <Container>
          <h2 id="about-edge" className="text-center text-3xl font-bold text-slate-900">
            {t('competitiveEdge')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {EDGE.map((e) => (
              <li key={e.title} className="flex gap-3">
                <Award aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">{t(e.title)}</h3>
                  <p className="mt-1 text-slate-600">{t(e.text)}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <Link to="/shop" className={buttonClasses('default', 'lg')}>
              {t('shopNow')}
            </Link>
          </div>
        </Container>
      </section>
    </>
  );
}
