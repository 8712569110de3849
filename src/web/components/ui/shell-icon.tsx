// The header's icons, hydrated after the header itself. The server draws them into the page; the
// browser keeps that drawing until lucide's code (about 2 KB gzip, in shell-icons.ts) is here,
// which the header's buttons do not wait for: they work from the first hydration. React drops a
// tap that lands on a drawing it does not have yet, so the boot script (src/web/boot.ts) holds a
// tap on the icon and gives it to the button.
// docs/decisions/074-first-load-100-kb.md
import { Suspense, type ReactElement } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import type * as ShellIcons from './shell-icons';

type Name = keyof typeof ShellIcons;

/**
 * One icon as an element to keep in a module constant (`const MENU_ICON = shellIcon('Menu', …)`):
 * a re-render of its button then never reaches it while its code is on its way (React would draw
 * it anew, blank until then). Its box holds the icon's place meanwhile. Decorative (aria-hidden).
 */
export function shellIcon(name: Name, className: string): ReactElement {
  const Icon = lazyPage(() => import('./shell-icons').then((icons) => ({ default: icons[name] })), {
    serverRendered: 'when-loaded',
  });
  return (
    <Suspense fallback={<span aria-hidden="true" className={`block ${className}`} />}>
      <Icon aria-hidden="true" className={className} />
    </Suspense>
  );
}
