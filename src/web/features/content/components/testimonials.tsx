import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/web/lib/cn';
import { useContentText } from '../../../i18n/content-text';

const TESTIMONIALS = [
  {
    quote: 'quote1',
    name: 'Achieng Odhiambo',
    place: 'Kilimani, Nairobi',
  },
  {
    quote: 'quote2',
    name: 'James Mwangi',
    place: 'Westlands, Nairobi',
  },
  {
    quote: 'quote3',
    name: 'Fatuma Hassan',
    place: 'South B, Nairobi',
  },
] as const;

const ROTATE_MS = 6_000;

/**
 * Three testimonials that rotate. Rotation stops while the pointer is over it or focus is inside
 * it, when the visitor presses Pause, and when the system asks for reduced motion (WCAG 2.2.2).
 */
export default function Testimonials() {
  const t = useContentText();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  // Rendered by the server and hydrated later (its own chunk): it starts turning, or stays still for
  // a visitor who asked for less motion, only once it runs in the browser.
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPaused(true);
  }, []);
  const rotating = live && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % TESTIMONIALS.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  const go = (step: number) => setIndex((i) => (i + step + TESTIMONIALS.length) % TESTIMONIALS.length);
  const current = TESTIMONIALS[index]!;

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="testimonials-title"
      className="mx-auto max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        if (e.key === 'ArrowRight') go(1);
      }}
      data-rotating={rotating}
    >
      <h2 id="testimonials-title" className="mb-8 text-center text-3xl font-bold text-slate-900">
        {t('testimonialsTitle')}
      </h2>
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={t('slideOf', { index: index + 1, total: TESTIMONIALS.length })}
        aria-live={rotating ? 'off' : 'polite'}
        className="min-h-48 rounded-xl bg-white p-6 text-center shadow-sm sm:min-h-40 sm:p-8"
      >
        <blockquote className="text-lg text-slate-800">“{t(current.quote)}”</blockquote>
        <p className="mt-4 font-semibold text-slate-900">{current.name}</p>
        <p className="text-sm text-slate-600">{current.place}</p>
      </div>
      <div className="mt-6 flex items-center justify-center gap-3 max-sm:gap-1">
        <button
          type="button"
          className="rounded-full p-2 hover:bg-white max-sm:p-3"
          aria-label={t('previousTestimonial')}
          onClick={() => go(-1)}
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </button>
        {TESTIMONIALS.map((testimonial, i) => (
          <button
            key={testimonial.name}
            type="button"
            aria-label={t('showTestimonial', { number: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
            className="flex h-8 w-8 items-center justify-center max-sm:h-11 max-sm:w-11"
          >
            <span className={cn('h-3 w-3 rounded-full', i === index ? 'bg-brand-700' : 'bg-slate-400')} />
          </button>
        ))}
        <button
          type="button"
          className="rounded-full p-2 hover:bg-white max-sm:p-3"
          aria-label={t('nextTestimonial')}
          onClick={() => go(1)}
        >
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </button>
        <button
          type="button"
          className="rounded-full p-2 hover:bg-white max-sm:p-3"
          aria-label={paused ? t('startRotating') : t('stopRotating')}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? <Play aria-hidden="true" className="h-5 w-5" /> : <Pause aria-hidden="true" className="h-5 w-5" />}
        </button>
      </div>
    </section>
  );
}
