import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { usePagesText } from '../../../i18n/pages-text';

/** Typing settles for this long before the search reaches the URL (and the API). */
const SEARCH_DEBOUNCE_MS = 300;

export const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

export interface ShopFiltersProps {
  categories: readonly string[];
  category: string;
  search: string;
  onCategory(category: string): void;
  onSearch(search: string): void;
}

export function ShopFilters({ categories, category, search, onCategory, onSearch }: ShopFiltersProps) {
  const t = usePagesText();
  const [text, setText] = useState(search);
  // What this box last put in the URL. When the URL comes back with exactly that, it is our own
  // echo and the box keeps what the customer has typed since (a space, the next word); any other
  // change (Back, Forward, a link) is the URL's, and the box follows it.
  const sent = useRef(search);
  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    setText(search);
  }, [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearch(sent.current);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  const button = (value: string, label: string) => (
    <button
      key={value || 'all'}
      type="button"
      aria-pressed={category === value}
      onClick={() => onCategory(value)}
      className={cn(
        'rounded-full border px-4 py-2 text-sm font-semibold transition-colors max-sm:min-h-11',
        category === value ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      {label}
    </button>
  );

  return (
    // The category buttons follow the search box, packed to the left: the ones that arrive with
    // the first answer extend the row to the right, so 'All' never moves (no layout shift).
    // On a phone the bar stays under the header while the cards scroll (styles.css keeps a focused
    // card clear of it).
    <div
      data-sticky-filters=""
      className="mb-8 flex flex-col gap-4 md:flex-row md:items-center max-sm:sticky max-sm:top-16 max-sm:z-30 max-sm:-mx-4 max-sm:mb-4 max-sm:gap-2 max-sm:border-b max-sm:border-slate-200 max-sm:bg-white max-sm:px-4 max-sm:py-2"
    >
      <form role="search" className="relative w-full md:max-w-sm" onSubmit={(e) => (e.preventDefault(), onSearch(text.trim()))}>
        <label htmlFor="product-search" className="sr-only">
          {t('searchProducts')}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <Input
          id="product-search"
          type="search"
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          className="pl-9"
          maxLength={100}
        />
      </form>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('categories')}>
        {button('', t('allCategories'))}
        {categories.map((c) => button(c, categoryLabel(c)))}
      </div>
    </div>
  );
}
