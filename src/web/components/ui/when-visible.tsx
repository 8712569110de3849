import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders children only once their place nears the screen: code and data for content far below
 * the fold (the home page's contact form) stay out of the first download. The placeholder keeps
 * the height, so nothing shifts when they arrive.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const ref = useRef<HTMLDivElement>(null);
  // Hidden on the server and while hydrating, so both render the same placeholder.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (visible || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={ref} style={{ minHeight }}>
      {visible && children}
    </div>
  );
}
