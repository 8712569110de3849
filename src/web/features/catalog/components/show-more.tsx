import { useEffect, useRef, type MouseEvent } from 'react';
import { buttonClasses } from '@/web/components/ui/button-classes';
import { usePagesText } from '../../../i18n/pages-text';

/** How far below the screen the link may still be when the next page starts loading on scroll. */
const LOAD_AHEAD = '0px 0px 800px 0px';

export interface ShowMoreProps {
  /** The next page's own address (/shop?page=3): followed as a link before the app is live or without JavaScript. */
  href: string;
  loading: boolean;
  /** false after a failed load: only a click asks again (no loop of retries on scroll). */
  auto: boolean;
  onMore(): void;
}

/**
 * 'Show more' under the product list: a real link to the next page, which the live app turns into
 * appending that page here, by a click or when the link nears the screen.
 */
export function ShowMore({ href, loading, auto, onMore }: ShowMoreProps) {
  const t = usePagesText();
  const ref = useRef<HTMLAnchorElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const el = ref.current;
    if (loading || !auto || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), {
      rootMargin: LOAD_AHEAD,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loading, auto, href]);

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (Ctrl, Cmd, Shift, middle button) opens the page as a link does.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!loading) onMore();
  };

  return (
    <div className="mt-10 flex justify-center">
      <a ref={ref} href={href} onClick={onClick} aria-busy={loading} className={buttonClasses('outline', 'default', 'min-w-48')}>
        {loading ? t('loadingMore') : t('showMore')}
      </a>
    </div>
  );
}
